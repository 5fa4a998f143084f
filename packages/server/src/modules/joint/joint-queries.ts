import type { ConsentState, LocalizedText } from '@dilosi/domain';
import type { Queryable } from '../../db/queryable';
import type { Selectable } from 'kysely';
import type { JointConsentsTable, JointSignatoriesTable } from '../../db/schema';
import { isUuid } from '@dilosi/domain';
import { notFound } from '../../lib/app-error';
import { jointError } from './joint-errors';

export type ConsentRow = Selectable<JointConsentsTable>;
export type SignatoryRow = Selectable<JointSignatoriesTable>;

/** The consent, locked until the caller's commit: every change of it or its signatories. */
export async function lockConsent(trx: Queryable, consentId: string): Promise<ConsentRow> {
  if (!isUuid(consentId)) throw notFound();
  const row = await trx
    .selectFrom('joint_consents')
    .selectAll()
    .where('id', '=', consentId.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function findConsent(db: Queryable, consentId: string) {
  if (!isUuid(consentId)) return undefined;
  return db
    .selectFrom('joint_consents')
    .selectAll()
    .where('id', '=', consentId.toLowerCase())
    .executeTakeFirst();
}

export function listSignatories(db: Queryable, consentId: string): Promise<SignatoryRow[]> {
  return db
    .selectFrom('joint_signatories')
    .selectAll()
    .where('consent_id', '=', consentId)
    .orderBy('position')
    .execute();
}

/** The caller's row among the signatories (by tax number), or 403 signatory_not_in_consent. */
export function signatoryOf(
  signatories: readonly SignatoryRow[],
  person: { afm: string | null },
): SignatoryRow {
  const own = signatories.find((row) => person.afm !== null && row.afm === person.afm);
  if (!own) throw jointError('signatory_not_in_consent');
  return own;
}

/** An ended consent refuses every change with its own code. */
export function refuseClosed(state: ConsentState, action: 'cancel' | 'sign'): void {
  if (state === 'canceled' || state === 'expired') throw jointError('consent_state_is_canceled');
  if (state === 'fully_signed') {
    throw jointError(
      action === 'cancel'
        ? 'consent_state_is_fully_signed_in_cancel'
        : 'signatory_state_must_be_pending_to_sign',
    );
  }
}

/** The short name of a consent's template, read as stored (jobs have no catalog). */
export async function consentTitle(trx: Queryable, consent: Pick<ConsentRow, 'document_id'>) {
  const row = await trx
    .selectFrom('documents')
    .innerJoin('templates', (join) =>
      join
        .onRef('templates.refname', '=', 'documents.template_refname')
        .onRef('templates.version', '=', 'documents.template_version'),
    )
    .select('templates.definition')
    .where('documents.id', '=', consent.document_id)
    .executeTakeFirst();
  const definition = (row?.definition ?? {}) as { shortname?: LocalizedText };
  return definition.shortname ?? { el: '', en: '', fr: '' };
}
