import { actionMessage } from './action-messages';
import type { DocumentActionInput } from './document-action';
import type { Queryable } from './document-queries';
import { certifiedMobileOf, documentLinkParams, type IssuanceServices } from '../issuance';

/** `sms`: the document's link by SMS to the citizen's certified mobile. */
export async function smsDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, stored, template, locale } = input;
  const mobile = certifiedMobileOf(user);
  await services.notifier.enqueue(
    {
      channel: 'sms',
      to: mobile,
      key: 'document_sms',
      locale,
      params: documentLinkParams(services.config, stored, template),
      documentId: stored.id,
    },
    trx,
  );
  return { message: actionMessage(locale, 'sms_sent') };
}
