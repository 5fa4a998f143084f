import crypto from 'node:crypto';
import {
  DAY_MS,
  KEP_CODE_VALID_DAYS,
  kepCodeFromRandomBytes,
  kepConfirmationMachine,
  type InPersonCode,
} from '@dilosi/domain';
import { now } from '../../clock';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import {
  computeDigest,
  contentOf,
  declarationNotFound,
  findOwnedDocument,
  listDocumentFiles,
  nextDocumentState,
  nextEditingStep,
  notAllowedOnState,
  requestedStep,
  stepOf,
  updateDocumentRecorded,
} from '../documents';
import type { IssuanceServices } from '../issuance';
import { inPersonNotAllowed } from './kep-errors';

const MAX_CODE_TRIES = 5;

/** A code no pending confirmation holds (a clash among ~8.5e11 codes is drawn again). */
async function freeCode(trx: Transaction<DB>): Promise<string> {
  for (let attempt = 1; attempt <= MAX_CODE_TRIES; attempt += 1) {
    const code = kepCodeFromRandomBytes(crypto.randomBytes(8));
    const taken = await trx
      .selectFrom('kep_confirmations')
      .select('document_id')
      .where('code', '=', code)
      .where('state', '=', kepConfirmationMachine.initial)
      .executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('no free KEP code');
}

/**
 * POST /api/my-declarations/{id}/in-person (issue #37): an anonymous person at the preview of a
 * template that allows it asks for confirmation at a KEP instead of the captcha's issuance. The
 * document is requested (editing → requested, at the template's confirm step) and waits with a
 * short code, valid KEP_CODE_VALID_DAYS days, that an officer looks up. Asking again after a
 * refusal (the document back in editing) gives a new code.
 */
export async function requestInPersonConfirmation(
  services: IssuanceServices,
  input: { user: CurrentUser; documentId: string; digest: string | undefined },
): Promise<InPersonCode> {
  const { catalog, database } = services;
  const { user } = input;
  const stored = await findOwnedDocument(database.db, input.documentId, user.id);
  if (!stored) throw declarationNotFound();
  const template = await catalog.definition(stored.template_refname, stored.template_version);
  const allowed =
    user.isAnonymous && template.anonymous && template.anonymous_confirmation.includes('in_person');
  if (!allowed) throw inPersonNotAllowed();

  return database.db.transaction().execute(async (trx) => {
    const locked = await findOwnedDocument(trx, stored.id, user.id, { forUpdate: true });
    if (!locked) throw declarationNotFound();
    const requested = nextDocumentState(locked.state, 'request');
    if (input.digest !== undefined && input.digest !== locked.digest) {
      throw new AppError(409, 'document_modified');
    }
    const files = await listDocumentFiles(trx, locked.id, template);
    const content = contentOf(locked, files);
    const step = stepOf(template, locked.step);
    // Only from the preview: every editing step done.
    if (!step || nextEditingStep(template, step.key, content)) throw notAllowedOnState();
    const target = requestedStep(template);
    const at = now();
    await updateDocumentRecorded(
      trx,
      locked.id,
      {
        state: requested,
        step: target.key,
        digest: computeDigest({
          values: locked.values,
          recipient: content.recipient,
          step: target.key,
        }),
        updated_at: at,
      },
      [
        {
          action: 'in_person_requested',
          fromState: locked.state,
          toState: requested,
          step: target.key,
          userId: user.id,
        },
      ],
    );
    await trx.deleteFrom('kep_confirmations').where('document_id', '=', locked.id).execute();
    const code = await freeCode(trx);
    const expiresAt = new Date(at.getTime() + KEP_CODE_VALID_DAYS * DAY_MS);
    await trx
      .insertInto('kep_confirmations')
      .values({ document_id: locked.id, code, expires_at: expiresAt, created_at: at })
      .execute();
    return {
      code,
      expires_at: expiresAt.toISOString(),
      state: kepConfirmationMachine.initial,
      refusal_reason: null,
    };
  });
}

/**
 * GET /api/my-declarations/{id}/in-person: the person's code again (after a reload), or why the
 * officer refused; null when none was asked (the preview asks on every visit: not an error).
 */
export async function getInPersonCode(
  services: IssuanceServices,
  input: { user: CurrentUser; documentId: string },
): Promise<InPersonCode | null> {
  const { db } = services.database;
  const stored = await findOwnedDocument(db, input.documentId, input.user.id);
  if (!stored) throw declarationNotFound();
  const row = await db
    .selectFrom('kep_confirmations')
    .select(['code', 'expires_at', 'state', 'refusal_reason'])
    .where('document_id', '=', stored.id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    code: row.code,
    expires_at: row.expires_at.toISOString(),
    state: row.state,
    refusal_reason: row.state === 'refused' ? row.refusal_reason : null,
  };
}
