import {
  KEP_CODE_ALPHABET,
  KEP_CODE_LENGTH,
  kepConfirmationMachine,
  normalizeKepCode,
  renderDocumentPreview,
  transition,
  type KepConfirmationEvent,
  type KepConfirmBody,
  type KepDecision,
  type KepLookup,
} from '@dilosi/domain';
import type { Transaction } from 'kysely';
import { now } from '../../clock';
import type { DB, DocumentRow, Entity } from '../../db/schema';
import type { CurrentUser } from '../auth';
import {
  citizenIssuer,
  computeDigest,
  contentOf,
  insertDocumentEvent,
  issueDocument,
  listDocumentFiles,
  nextDocumentState,
  previewStep,
  type Queryable,
  updateDocumentRecorded,
} from '../documents';
import type { IssuanceServices } from '../issuance';
import { kepCodeExpired, kepCodeNotFound, kepCodeUsed } from './kep-errors';

const CODE_FORMAT = new RegExp(`^[${KEP_CODE_ALPHABET}]{${KEP_CODE_LENGTH}}$`);

type Pending = { code: string; expiresAt: Date; createdAt: Date; document: DocumentRow };

/**
 * The pending request a code names, as an officer may act on it: a malformed or unknown code is
 * 404 kep_code_not_found, one already answered 409 kep_code_used, an expired one 410
 * kep_code_expired. A document no longer waiting (its person went back to editing) is not found.
 */
async function findPending(db: Queryable, typed: string): Promise<Pending> {
  const code = normalizeKepCode(typed);
  if (!CODE_FORMAT.test(code)) throw kepCodeNotFound();
  const rows = await db
    .selectFrom('kep_confirmations')
    .innerJoin('documents', 'documents.id', 'kep_confirmations.document_id')
    .selectAll('documents')
    .select([
      'kep_confirmations.code as kep_code',
      'kep_confirmations.state as kep_state',
      'kep_confirmations.expires_at as kep_expires_at',
      'kep_confirmations.created_at as kep_created_at',
    ])
    .where('kep_confirmations.code', '=', code)
    .orderBy('kep_confirmations.state', 'desc')
    .orderBy('kep_confirmations.created_at', 'desc')
    .execute();
  const pending = rows.find((row) => row.kep_state === kepConfirmationMachine.initial);
  if (!pending) {
    if (rows.length > 0) throw kepCodeUsed();
    throw kepCodeNotFound();
  }
  if (pending.kep_expires_at.getTime() <= now().getTime()) throw kepCodeExpired();
  if (pending.state !== 'requested') throw kepCodeNotFound();
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { kep_code, kep_state, kep_expires_at, kep_created_at, ...document } = pending;
  return { code: kep_code, expiresAt: kep_expires_at, createdAt: kep_created_at, document };
}

/** GET /api/entity/{e}/kep/{code}: what the person filled in, read-only, for the officer. */
export async function lookupInPersonRequest(
  services: IssuanceServices,
  typed: string,
): Promise<KepLookup> {
  const { catalog, database } = services;
  const pending = await findPending(database.db, typed);
  const { document } = pending;
  const template = await catalog.definition(document.template_refname, document.template_version);
  const files = await listDocumentFiles(database.db, document.id, template);
  const content = contentOf(document, files);
  return {
    code: pending.code,
    expires_at: pending.expiresAt.toISOString(),
    created_at: pending.createdAt.toISOString(),
    template_title: template.title,
    preview: renderDocumentPreview(template, content.values, content.recipient),
  };
}

/** Moves the pending confirmation of `documentId` by the machine, with the officer's record. */
async function decide(
  trx: Transaction<DB>,
  input: {
    documentId: string;
    event: KepConfirmationEvent;
    officer: CurrentUser;
    entity: Entity;
    at: Date;
    set: { id_type?: string; id_number?: string; refusal_reason?: string };
  },
): Promise<void> {
  const row = await trx
    .selectFrom('kep_confirmations')
    .select('state')
    .where('document_id', '=', input.documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw kepCodeNotFound();
  const moved = transition(kepConfirmationMachine, row.state, input.event);
  if (!moved.ok || moved.state === null) throw kepCodeUsed();
  await trx
    .updateTable('kep_confirmations')
    .set({
      state: moved.state,
      decided_at: input.at,
      officer_id: input.officer.id,
      entity_id: input.entity.id,
      ...input.set,
    })
    .where('document_id', '=', input.documentId)
    .execute();
}

/**
 * POST /api/entity/{e}/kep/{code}/confirm: the officer checked the identity document and
 * confirms. The document is issued through the normal issuance (requested → issued), in whose
 * transaction the confirmation is recorded and the history gets `confirmed_in_person` under the
 * officer's id (a citizen reading it sees the KEP's name, staff the officer's).
 */
export async function confirmInPerson(
  services: IssuanceServices,
  input: { officer: CurrentUser; entity: Entity; code: string; body: KepConfirmBody },
): Promise<KepDecision> {
  const { database } = services;
  const { document } = await findPending(database.db, input.code);
  const owner = await database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', document.owner_id)
    .executeTakeFirstOrThrow();
  const issued = await issueDocument(services, {
    stored: document,
    issuer: citizenIssuer(document.owner_id),
    user: owner,
    from: 'requested',
    codeHash: null,
    // The person was identified by the officer, but the document carries no identity of hers.
    isOfficial: false,
    beforeIssued: async (trx, at) => {
      await decide(trx, {
        documentId: document.id,
        event: 'confirm',
        officer: input.officer,
        entity: input.entity,
        at,
        set: { id_type: input.body.id_type, id_number: input.body.id_number },
      });
      await insertDocumentEvent(trx, {
        documentId: document.id,
        action: 'confirmed_in_person',
        fromState: 'requested',
        toState: 'requested',
        step: document.step,
        userId: input.officer.id,
      });
    },
  });
  return { state: 'confirmed', reference_code: issued.reference_code ?? null };
}

/**
 * POST /api/entity/{e}/kep/{code}/refuse: the identity could not be checked (or the person
 * withdrew). The document goes back to editing (the machine's backstep), so its person may
 * correct it or ask for a new code; the reason is kept with the confirmation.
 */
export async function refuseInPerson(
  services: IssuanceServices,
  input: { officer: CurrentUser; entity: Entity; code: string; reason: string },
): Promise<KepDecision> {
  const { database } = services;
  const { document } = await findPending(database.db, input.code);
  await database.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', document.id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.state !== 'requested') throw kepCodeNotFound();
    const editing = nextDocumentState(locked.state, 'backstep');
    const template = await services.catalog.definition(
      locked.template_refname,
      locked.template_version,
      trx,
    );
    const content = contentOf(locked, await listDocumentFiles(trx, locked.id, template));
    const target = previewStep(template);
    if (!target) throw kepCodeNotFound();
    const at = now();
    await decide(trx, {
      documentId: locked.id,
      event: 'refuse',
      officer: input.officer,
      entity: input.entity,
      at,
      set: { refusal_reason: input.reason },
    });
    const digest = computeDigest({
      values: locked.values,
      recipient: content.recipient,
      step: target.key,
    });
    const set = { state: editing, step: target.key, digest, updated_at: at };
    await updateDocumentRecorded(trx, locked.id, set, [
      {
        action: 'refused_in_person',
        fromState: locked.state,
        toState: editing,
        step: target.key,
        userId: input.officer.id,
      },
    ]);
  });
  return { state: 'refused', reference_code: null };
}
