import { z } from 'zod';
import { caseStatementSchema } from '../cases/dashboard-api';
import { localizedTextSchema } from '../templates/template-schema';
import { OPINION_STATES, type OpinionState } from '../state-machines/opinion-machine';
import { athensParts } from '../time/athens-time';

/** The longest question and answer of an opinion (characters). */
export const OPINION_TEXT_MAX = 4000;
/** The multipart file part of an answer's optional PDF (`file__attachment`). */
export const OPINION_ATTACHMENT_FIELD = 'attachment';

const text = z.string().trim().min(1).max(OPINION_TEXT_MAX);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * POST /api/entity/{e}/inbox/{i}/opinions: ask an opinion of another entity (its codename) or
 * of a person (her tax number), with a question and a deadline (a day, Greek time).
 */
export const opinionRequestSchema = z
  .object({
    question: text,
    deadline: isoDate,
    expert: z.union([
      z.object({ entity: z.string().min(1).max(64) }).strict(),
      z.object({ afm: z.string().regex(/^\d{9}$/) }).strict(),
    ]),
  })
  .strict();
export type OpinionRequest = z.infer<typeof opinionRequestSchema>;

/** POST …/opinions/{id}/action: the asker cancels a requested opinion. */
export const opinionActionSchema = z.object({ action: z.enum(['cancel']) }).strict();

/** POST …/opinions/{id}/answer (JSON, or multipart with a `json` part and a PDF). */
export const opinionAnswerSchema = z.object({ answer: text }).strict();

const localized = z.object({ el: z.string(), en: z.string(), fr: z.string() });

/** An opinion as the asking entity's staff and the expert read it. */
export const opinionSchema = z.object({
  id: z.string(),
  state: z.enum(OPINION_STATES),
  /** Still requested and its deadline passed. */
  is_overdue: z.boolean(),
  question: z.string(),
  deadline: z.string(),
  requested_at: z.string(),
  requested_by: z.string().nullable(),
  asking_entity: z.object({ codename: z.string(), display_name: localized }),
  expert: z.union([
    z.object({ kind: z.literal('entity'), codename: z.string(), display_name: localized }),
    z.object({ kind: z.literal('person'), afm: z.string(), name: z.string().nullable() }),
  ]),
  case_id: z.string(),
  subject: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  answered_by: z.string().nullable(),
  /** The answer's PDF, when one was sent. */
  answer_file: z.object({ filename: z.string(), size: z.number() }).nullable(),
  cancelled_at: z.string().nullable(),
});
export type Opinion = z.infer<typeof opinionSchema>;

export const opinionListSchema = z.object({ data: z.array(opinionSchema) });
export const opinionResponseSchema = z.object({ data: opinionSchema });

/** The case as the expert reads it: the opinion and the case's document, nothing else. */
export const opinionCaseSchema = z.object({
  opinion: opinionSchema,
  template_shortname: localizedTextSchema,
  document: z.object({
    reference_code: z.string().nullable(),
    issued_at: z.string().nullable(),
    /** The document as issued (the case page's statements). */
    statements: z.array(caseStatementSchema),
    has_pdf: z.boolean(),
  }),
});
export type OpinionCase = z.infer<typeof opinionCaseSchema>;
export const opinionCaseResponseSchema = z.object({ data: opinionCaseSchema });

/** Today's date in Greece, YYYY-MM-DD. */
export function athensIsoDate(at: Date): string {
  const { year, month, day } = athensParts(at);
  return `${year}-${month}-${day}`;
}

/** A requested opinion is overdue once its deadline day is over in Greece. */
export function isOpinionOverdue(
  opinion: { state: OpinionState; deadline: string },
  at: Date,
): boolean {
  return opinion.state === 'requested' && opinion.deadline < athensIsoDate(at);
}
