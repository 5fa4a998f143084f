import { userDisplayName, type ApiDocument, type Locale, type MyCorrection } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, correctionState } from '../../lib/state-change';
import type { CurrentUser } from '../auth';
import { createDraft, type DocumentServices } from '../documents';
import { checkTemplateAccess, findUsableTemplate } from '../templates';

const notFound = () => new AppError(404, 'correction_not_found');

/** The correction, when the caller owns the document it asks to correct; else 404. */
async function findMyCorrection(db: Kysely<DB>, id: string, userId: string) {
  return db
    .selectFrom('case_corrections')
    .innerJoin('documents', 'documents.id', 'case_corrections.document_id')
    .innerJoin('inbox_entries', 'inbox_entries.id', 'case_corrections.inbox_entry_id')
    .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
    .leftJoin('users', 'users.id', 'case_corrections.requested_by')
    .select([
      'case_corrections.id',
      'case_corrections.state',
      'case_corrections.reason',
      'case_corrections.requested_at',
      'case_corrections.corrected_at',
      'case_corrections.draft_document_id',
      'documents.reference_code',
      'documents.values',
      'documents.template_refname',
      'inbox_entries.case_id',
      'entities.display_name',
      'users.firstname',
      'users.surname',
      'users.email',
      'users.username',
    ])
    .where('case_corrections.id', '=', id)
    .where('documents.owner_id', '=', userId)
    .executeTakeFirst();
}

/** GET /api/my-corrections/{id}: what she is asked to correct, by whom, and her draft if any. */
export async function getMyCorrection(
  services: Pick<DocumentServices, 'database' | 'catalog'>,
  input: { id: string; user: CurrentUser },
): Promise<MyCorrection> {
  const { db } = services.database;
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw notFound();
  const row = await findMyCorrection(db, input.id, input.user.id);
  if (!row) throw notFound();
  const template = findUsableTemplate(services.catalog, row.template_refname);
  const draft = row.draft_document_id
    ? await db
        .selectFrom('documents')
        .select(['step', 'state'])
        .where('id', '=', row.draft_document_id)
        .executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    state: row.state,
    reason: row.reason,
    requested_at: new Date(row.requested_at).toISOString(),
    requested_by:
      row.firstname !== null || row.email !== null
        ? userDisplayName({ ...row, id: row.username ?? '' })
        : null,
    reference_code: row.reference_code,
    corrected_at: row.corrected_at ? new Date(row.corrected_at).toISOString() : null,
    entity_name: row.display_name as MyCorrection['entity_name'],
    case_id: row.case_id,
    template: template.refname,
    template_shortname: template.shortname,
    draft_document_id: draft ? (row.draft_document_id ?? null) : null,
    draft_step: draft?.step ?? null,
  };
}

/**
 * POST /api/my-corrections/{id}/draft: her corrected draft, pre-filled from the document she is
 * asked to correct (the values she may edit; the registry's come fresh), of the template's
 * current version. While the correction is open; again later, the same draft while it is still
 * a draft, else a new one (drafted again). Issued, it goes to the same case (deliver-correction).
 */
export async function startCorrectionDraft(
  services: DocumentServices,
  input: { id: string; user: CurrentUser; revokePrevious: boolean; locale: Locale },
): Promise<ApiDocument> {
  const { db } = services.database;
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw notFound();
  const row = await findMyCorrection(db, input.id, input.user.id);
  if (!row) throw notFound();
  if (row.state !== 'requested' && row.state !== 'drafted') {
    throw new AppError(409, 'action_not_allowed_on_state');
  }
  const template = findUsableTemplate(services.catalog, row.template_refname);
  await checkTemplateAccess(services.database, template, input.user);
  const values = (row.values ?? {}) as Record<string, unknown>;
  const draft = await createDraft(services, {
    locale: input.locale,
    uploads: [],
    user: input.user,
    template,
    document: { statements: values, attachments: {} },
    callerAuthorizationId: null,
  });
  await db.transaction().execute(async (trx) => {
    await changeState(trx, correctionState, {
      lock: async () => {
        const locked = await trx
          .selectFrom('case_corrections')
          .selectAll()
          .where('id', '=', input.id)
          .forUpdate()
          .executeTakeFirst();
        if (!locked) throw notFound();
        return locked;
      },
      event: 'draft',
      columns: () => ({ draft_document_id: draft.id, revoke_previous: input.revokePrevious }),
    });
  });
  return draft;
}
