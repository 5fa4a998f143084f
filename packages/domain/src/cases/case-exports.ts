import { z } from 'zod';
import { CASE_EXPORT_STATES } from '../state-machines/case-export-machine';
import { INBOX_TABS } from './dashboard-api';

/** The spreadsheet formats of an export of cases (issue #41): Office Open XML and OpenDocument. */
export const CASE_EXPORT_FORMATS = ['xlsx', 'ods'] as const;
export type CaseExportFormat = (typeof CASE_EXPORT_FORMATS)[number];

/** How long a ready export can be downloaded, and how many of a clerk's exports the list shows. */
export const CASE_EXPORT_TTL_DAYS = 7;
export const CASE_EXPORT_HISTORY = 10;

/** An export of an entity's cases, as its history lists it. */
export const caseExportSchema = z.object({
  id: z.string(),
  format: z.enum(CASE_EXPORT_FORMATS),
  tab: z.string(),
  /** The list's query the export was made from (filters and order), without `?`. */
  query: z.string(),
  state: z.enum(CASE_EXPORT_STATES),
  /** Cases written so far, and in all (known once the job starts). */
  done: z.number(),
  total: z.number().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  /** While ready: where to download it (a signed, expiring address). */
  download_url: z.string().nullable(),
});
export type CaseExport = z.infer<typeof caseExportSchema>;

export const caseExportListSchema = z.object({ data: z.array(caseExportSchema) });

/** POST /api/entity/{e}/exports: the list as it is filtered, in a format. */
export const caseExportRequestSchema = z
  .object({
    format: z.enum(CASE_EXPORT_FORMATS),
    tab: z.enum(INBOX_TABS),
    query: z.string().max(2000),
  })
  .strict();
export type CaseExportRequest = z.infer<typeof caseExportRequestSchema>;
