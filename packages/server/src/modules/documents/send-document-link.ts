import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import type { DocumentActionInput } from './document-action';
import type { Queryable } from './document-queries';
import { citizenName, documentLinkParams, type IssuanceServices } from '../issuance';

/** `send-document-link`: the document's link e-mailed to someone else, in the citizen's name. */
export async function sendDocumentLink(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, stored, template, args, locale } = input;
  const errors = new ArgumentErrors(locale);
  const to = errors.email(args, 'email');
  errors.throwIfAny();
  await services.notifier.enqueue(
    {
      channel: 'email',
      to: to ?? '',
      key: 'document_link_email',
      locale,
      params: {
        sender: citizenName(stored.values, user.record),
        ...documentLinkParams(services.config, stored, template),
      },
      documentId: stored.id,
    },
    trx,
  );
  return { message: actionMessage(locale, 'link_sent', { email: to }) };
}
