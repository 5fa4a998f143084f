import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import type { DocumentActionInput } from './document-action';
import type { Queryable } from './document-queries';
import { documentLinkParams, type IssuanceServices } from '../issuance';

/** `email`: the document's link to the given address, or to the citizen's own. */
export async function emailDocument(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, stored, template, args, locale } = input;
  const errors = new ArgumentErrors(locale);
  const to = errors.email(args, 'email', user.record.email);
  errors.throwIfAny();
  await services.notifier.enqueue(
    {
      channel: 'email',
      to: to ?? '',
      key: 'document_email',
      locale,
      params: documentLinkParams(services.config, stored, template),
      documentId: stored.id,
    },
    trx,
  );
  return { message: actionMessage(locale, 'email_sent') };
}
