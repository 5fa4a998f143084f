import {
  consentMachine,
  DAY_MS,
  signatoryMachine,
  transition,
  type ApiDocument,
  type Locale,
  type Template,
} from '@dilosi/domain';
import { now } from '../../clock';
import type { DocumentRow } from '../../db/schema';
import { attachmentContentUri } from '../../lib/attachment-download';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import {
  citizenIssuer,
  declarationNotFound,
  findAsIssuer,
  listDocumentFiles,
  toApiDocument,
} from '../documents';
import { citizenName } from '../issuance';
import { jointError } from './joint-errors';
import { jointPreview, jointTextDigest } from './joint-text';
import type { JointServices } from './joint-services';
import { askToSign } from './notify-signatories';

export type OpenConsentInput = {
  stored: DocumentRow;
  template: Template;
  user: CurrentUser;
  /** The hash of the author's SMS code just checked; it must still be the document's. */
  codeHash: string;
  locale: Locale;
};

type CoSignatory = { afm: string; firstname: string; surname: string };

/** The co-signatories the author named in the template's list; refusals as the wizard's. */
export function coSignatoriesOf(
  template: Template,
  values: Record<string, unknown>,
  authorAfm: string | null,
): CoSignatory[] {
  const joint = template.joint;
  if (!joint) return [];
  const rows = Array.isArray(values[joint.list]) ? (values[joint.list] as unknown[]) : [];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const named = rows.map((row) => {
    const cells = (row ?? {}) as Record<string, unknown>;
    return {
      afm: text(cells[joint.afm_column]),
      firstname: text(cells[joint.firstname_column]),
      surname: text(cells[joint.surname_column]),
    };
  });
  if (named.length < joint.min || named.length > joint.max || named.some((row) => !row.afm)) {
    throw new AppError(400, 'invalid_request');
  }
  if (named.some((row) => row.afm === authorAfm)) throw jointError('co_signatory_is_author');
  if (new Set(named.map((row) => row.afm)).size !== named.length) {
    throw jointError('duplicate_co_signatory');
  }
  return named;
}

/**
 * The author of a joint declaration entered her SMS code (issue #35): instead of being issued,
 * the document waits (state requested) on a consent opened in state issued, with her signature
 * done and bound to the text's digest; each co-signatory is asked to sign. One transaction, the
 * document locked; the code is used up with it.
 */
export async function openConsent(
  services: JointServices,
  input: OpenConsentInput,
): Promise<ApiDocument> {
  const { config, database } = services;
  const { template, user } = input;
  const author = user.record;
  const coSignatories = coSignatoriesOf(template, input.stored.values, author.afm);
  const issuer = citizenIssuer(user.id);

  const row = await database.db.transaction().execute(async (trx) => {
    const locked = await findAsIssuer(trx, issuer, input.stored.id, { forUpdate: true });
    if (!locked) throw declarationNotFound();
    if (locked.digest !== input.stored.digest) throw new AppError(409, 'document_modified');
    const open = await trx
      .selectFrom('joint_consents')
      .select('id')
      .where('document_id', '=', locked.id)
      .where('state', '=', consentMachine.initial)
      .executeTakeFirst();
    if (open) throw jointError('consent_state_is_issued');
    const challenge = await trx
      .deleteFrom('otp_challenges')
      .where('document_id', '=', locked.id)
      .returning('code_hash')
      .executeTakeFirst();
    if (challenge?.code_hash !== input.codeHash) throw new AppError(400, 'otp_expired');

    const at = now();
    const digest = jointTextDigest(jointPreview(template, locked));
    const consent = await trx
      .insertInto('joint_consents')
      .values({
        document_id: locked.id,
        author_id: user.id,
        state: consentMachine.initial,
        text_digest: digest,
        expires_at: new Date(at.getTime() + config.JOINT_EXPIRY_DAYS * DAY_MS),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const signed = transition(signatoryMachine, signatoryMachine.initial, 'sign');
    if (!signed.ok || signed.state === null) throw new Error('signatory machine: no sign');
    const sender = citizenName(locked.values, author);
    await trx
      .insertInto('joint_signatories')
      .values({
        consent_id: consent.id,
        position: 0,
        afm: author.afm ?? '',
        firstname: author.firstname ?? '',
        surname: author.surname ?? '',
        user_id: user.id,
        state: signed.state,
        signed_digest: digest,
        signed_at: at,
      })
      .execute();
    for (const [index, named] of coSignatories.entries()) {
      const signatory = await trx
        .insertInto('joint_signatories')
        .values({
          consent_id: consent.id,
          position: index + 1,
          afm: named.afm,
          firstname: named.firstname,
          surname: named.surname,
          state: signatoryMachine.initial,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await askToSign(trx, services, {
        consentId: consent.id,
        documentId: locked.id,
        signatory,
        title: template.shortname,
        sender,
      });
    }
    return locked;
  });
  const files = await listDocumentFiles(database.db, row.id, template);
  return toApiDocument(template, row, files, {
    config,
    challenge: null,
    pdf: null,
    attachmentUri: attachmentContentUri(services),
  });
}
