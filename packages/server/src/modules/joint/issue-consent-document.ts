import type { ApiDocument, Locale } from '@dilosi/domain';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/app-error';
import { citizenIssuer, issueDocument } from '../documents';
import { deliverCitizenMessage, alertCitizen } from '../messages';
import { citizenName } from '../issuance';
import { jointError } from './joint-errors';
import { findConsent, listSignatories, type SignatoryRow } from './joint-queries';
import { jointPageUrl, type JointServices } from './joint-services';
import { jointPreview, jointTextDigest, signaturesParagraphs } from './joint-text';

/**
 * A fully signed consent's document issued, once, through the one issuance path: one reference
 * code, one sealed PDF listing every signatory with her signing time, one case for the
 * recipient. Asked by the last signature, or again by a signatory or the retry job if that
 * failed: the document already issued answers as it is, after sharing it with any co-signatory
 * it was not shared with yet (issuance committed, then the sharing failed). Refused while the
 * consent is not fully signed, and when the document's text is no longer the one signed.
 */
export async function issueConsentDocument(
  services: JointServices,
  input: { consentId: string; locale: Locale },
): Promise<{ referenceCode: string | null; document?: ApiDocument }> {
  const { catalog, database } = services;
  const consent = await findConsent(database.db, input.consentId);
  if (!consent) throw notFound();
  if (consent.state === 'canceled' || consent.state === 'expired') {
    throw jointError('consent_state_is_canceled');
  }
  if (consent.state !== 'fully_signed') throw jointError('consent_state_is_not_fully_signed');
  const signatories = await listSignatories(database.db, consent.id);
  if (signatories.some((row) => row.state !== 'signed')) {
    throw jointError('signatory_state_must_be_signed_to_issue');
  }
  const stored = await database.db
    .selectFrom('documents')
    .selectAll()
    .where('id', '=', consent.document_id)
    .executeTakeFirstOrThrow();
  const template = await catalog.definition(stored.template_refname, stored.template_version);
  const author = await database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', consent.author_id)
    .executeTakeFirstOrThrow();
  const share = (referenceCode: string | null) =>
    database.db.transaction().execute(async (trx) => {
      // One sharing at a time per consent: a retry beside the request shares once.
      await trx
        .selectFrom('joint_consents')
        .select('id')
        .where('id', '=', consent.id)
        .forUpdate()
        .execute();
      const shared = new Set(
        (
          await trx
            .selectFrom('document_shares')
            .select('afm')
            .where('document_id', '=', stored.id)
            .execute()
        ).map((row) => row.afm),
      );
      const sender = citizenName(stored.values, author);
      for (const signatory of signatories.slice(1)) {
        if (shared.has(signatory.afm)) continue;
        await shareWithSignatory(trx, services, {
          signatory,
          documentId: stored.id,
          referenceCode,
          title: template.shortname,
          sender,
          consentId: consent.id,
        });
      }
    });
  if (stored.reference_code !== null) {
    await share(stored.reference_code);
    return { referenceCode: stored.reference_code };
  }
  if (jointTextDigest(jointPreview(template, stored)) !== consent.text_digest) {
    throw jointError('consent_text_changed');
  }
  const document = await issueDocument(services, {
    stored,
    issuer: citizenIssuer(author.id),
    user: author,
    from: 'requested',
    codeHash: null,
    isOfficial: stored.is_official,
    locale: input.locale,
    appendix: signaturesParagraphs(template, signatories),
  });
  await share(document.reference_code ?? null);
  return { referenceCode: document.reference_code ?? null, document };
}

/** Each co-signatory keeps the issued document: shared with her, as a shared document is. */
async function shareWithSignatory(
  trx: Queryable,
  services: JointServices,
  input: {
    signatory: SignatoryRow;
    documentId: string;
    referenceCode: string | null;
    title: { el: string; en: string; fr: string };
    sender: string;
    consentId: string;
  },
) {
  const { signatory } = input;
  await trx
    .insertInto('document_shares')
    .values({
      document_id: input.documentId,
      firstname: signatory.firstname,
      surname: signatory.surname,
      afm: signatory.afm,
      created_at: now(),
    })
    .execute();
  const person = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'mobile_certified', 'email'])
    .where('afm', '=', signatory.afm)
    .executeTakeFirst();
  if (!person) return;
  await deliverCitizenMessage(trx, {
    ownerId: person.id,
    type: 'shared-document',
    stateData: {
      title: input.title,
      sender_display_name: input.sender,
      recipient_display_name: `${signatory.firstname} ${signatory.surname}`,
      reference_code: input.referenceCode,
    },
    documentId: input.documentId,
    at: now(),
  });
  await alertCitizen(services, trx, person, {
    sms: 'citizen_shared_document_sms',
    email: 'citizen_shared_document_email',
    params: {
      sender: input.sender,
      title: input.title,
      url: jointPageUrl(services, input.consentId),
    },
  });
}
