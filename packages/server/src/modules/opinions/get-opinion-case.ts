import type { OpinionCase } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getCase } from '../cases';
import type { TemplateCatalog } from '../templates';
import { findOpinion, toOpinion, type OpinionReader } from './opinion-queries';

/**
 * GET /api/entity/{e}/opinions/{id} and /api/my-opinions/{id} (issue #41): what the expert may
 * read, and only that: the opinion and the case's document as issued (its statements, whether
 * there is a PDF). Notes, messages, history, replies and the citizen's contact stay with the
 * asking entity.
 */
export async function getOpinionCase(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { reader: Exclude<OpinionReader, { kind: 'asker' }>; opinionId: string },
): Promise<OpinionCase> {
  const row = await findOpinion(db, input.reader, input.opinionId);
  const detail = await getCase(db, catalog, {
    entityId: row.asking_entity_id,
    inboxId: row.inbox_entry_id,
  });
  const pdf = detail.document.id
    ? await db
        .selectFrom('document_pdfs')
        .select('document_id')
        .where('document_id', '=', detail.document.id)
        .executeTakeFirst()
    : undefined;
  return {
    opinion: toOpinion(row),
    template_shortname: detail.declaration.template.shortname,
    document: {
      reference_code: detail.declaration.reference_code || null,
      issued_at: detail.document.issued_at,
      statements: detail.document.statements,
      // An issued document stored without its PDF (the demo's) gets it when the expert asks.
      has_pdf: pdf !== undefined || detail.document.state === 'issued',
    },
  };
}
