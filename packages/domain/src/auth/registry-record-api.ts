import { z } from 'zod';

/**
 * GET /api/profile/registry-record (issue #38, identity confirmation): what the tax registry says
 * about the signed-in person, shown before a template flagged `confirm_identity`. A value the
 * registry does not hold is null.
 */
export const registryRecordSchema = z.object({
  afm: z.string(),
  firstname: z.string().nullable(),
  surname: z.string().nullable(),
  father_name: z.string().nullable(),
  mother_name: z.string().nullable(),
  /** ISO date (YYYY-MM-DD). */
  birth_date: z.string().nullable(),
});
export type RegistryRecord = z.infer<typeof registryRecordSchema>;

export const registryRecordResponseSchema = z.object({ data: registryRecordSchema });
