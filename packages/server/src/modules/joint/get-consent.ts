import { isUuid, type JointConsent, type JointConsentSummary, type Template } from '@dilosi/domain';
import type { DocumentRow } from '../../db/schema';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/app-error';
import type { CurrentUser } from '../auth';
import type { TemplateCatalog } from '../templates';
import {
  findConsent,
  listSignatories,
  signatoryOf,
  type ConsentRow,
  type SignatoryRow,
} from './joint-queries';
import { jointPreview, roleOf } from './joint-text';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export function toConsentSummary(
  template: Template,
  consent: ConsentRow,
  signatories: readonly SignatoryRow[],
  document: Pick<DocumentRow, 'reference_code'>,
  own: SignatoryRow,
): JointConsentSummary {
  return {
    id: consent.id,
    document_id: consent.document_id,
    state: consent.state,
    title: template.shortname,
    created_at: new Date(consent.created_at).toISOString(),
    expires_at: new Date(consent.expires_at).toISOString(),
    reminded_at: iso(consent.reminded_at),
    closed_reason: consent.closed_reason,
    reference_code: document.reference_code,
    my_position: own.position,
    signatories: signatories.map((row) => ({
      position: row.position,
      is_author: row.position === 0,
      afm: row.afm,
      firstname: row.firstname,
      surname: row.surname,
      role: roleOf(template, row.position),
      state: row.state,
      signed_at: iso(row.signed_at),
      dismissed_at: iso(row.dismissed_at),
      dismissed_reason: row.dismissed_reason,
    })),
  };
}

/**
 * A consent as one of its signatories reads it: every signatory's state and the exact text
 * with its digest. Anyone else: 403 signatory_not_in_consent (a consent that does not exist
 * is a 404 for everyone).
 */
export async function getConsent(
  deps: { db: Queryable; catalog: TemplateCatalog },
  input: { consentId: string; user: CurrentUser },
): Promise<JointConsent> {
  const consent = await findConsent(deps.db, input.consentId);
  if (!consent) throw notFound();
  const signatories = await listSignatories(deps.db, consent.id);
  const own = signatoryOf(signatories, input.user.record);
  const document = await deps.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', consent.document_id)
    .executeTakeFirstOrThrow();
  const template = await deps.catalog.definition(
    document.template_refname,
    document.template_version,
  );
  return {
    ...toConsentSummary(template, consent, signatories, document, own),
    text_digest: consent.text_digest,
    preview: jointPreview(template, document),
  };
}

/** The caller's consents, as author or co-signatory, newest first (her vault). */
export async function listMyConsents(
  deps: { db: Queryable; catalog: TemplateCatalog },
  input: { user: CurrentUser; limit?: number },
): Promise<JointConsentSummary[]> {
  const afm = input.user.record.afm;
  if (!afm) return [];
  const consents = await deps.db
    .selectFrom('joint_consents')
    .innerJoin('documents', 'documents.id', 'joint_consents.document_id')
    .selectAll('joint_consents')
    .select([
      'documents.template_refname',
      'documents.template_version',
      'documents.reference_code',
    ])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('joint_signatories')
          .select('joint_signatories.id')
          .whereRef('joint_signatories.consent_id', '=', 'joint_consents.id')
          .where('joint_signatories.afm', '=', afm),
      ),
    )
    .orderBy('joint_consents.created_at', 'desc')
    .limit(input.limit ?? 100)
    .execute();
  const summaries: JointConsentSummary[] = [];
  for (const consent of consents) {
    const signatories = await listSignatories(deps.db, consent.id);
    const template = await deps.catalog.definition(
      consent.template_refname,
      consent.template_version,
    );
    const own = signatoryOf(signatories, { afm });
    summaries.push(toConsentSummary(template, consent, signatories, consent, own));
  }
  return summaries;
}

/**
 * The newest consent of a document, as one of its signatories reads it (the author's panel on
 * her document's pages): null when the document has none, 403 signatory_not_in_consent when the
 * caller is not one of its signatories.
 */
export async function getDocumentConsent(
  deps: { db: Queryable; catalog: TemplateCatalog },
  input: { documentId: string; user: CurrentUser },
): Promise<JointConsentSummary | null> {
  if (!isUuid(input.documentId)) return null;
  const consent = await deps.db
    .selectFrom('joint_consents')
    .selectAll()
    .where('document_id', '=', input.documentId.toLowerCase())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!consent) return null;
  const signatories = await listSignatories(deps.db, consent.id);
  const own = signatoryOf(signatories, input.user.record);
  const document = await deps.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', consent.document_id)
    .executeTakeFirstOrThrow();
  const template = await deps.catalog.definition(
    document.template_refname,
    document.template_version,
  );
  return toConsentSummary(template, consent, signatories, document, own);
}
