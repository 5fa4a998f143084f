import { DOCUMENT_LINK_METHODS, type DocumentLinkMethod } from '@dilosi/domain';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import type { DocumentActionInput } from './document-action';
import type { Queryable } from './document-queries';
import {
  certifiedMobileOf,
  citizenName,
  documentLinkParams,
  type IssuanceServices,
} from '../issuance';

/**
 * `send-document-link` (spec section 7): `method: 'email'` sends the document's link to `email`
 * in the citizen's name, or to her own address when none is given; `method: 'sms'` sends it
 * to her certified mobile.
 */
export async function sendDocumentLink(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, stored, template, args, locale } = input;
  const errors = new ArgumentErrors(locale);
  const method = args.method;
  if (method === undefined || method === null || method === '') errors.add('method', 'required');
  else if (!DOCUMENT_LINK_METHODS.includes(method as DocumentLinkMethod)) {
    errors.add('method', 'choice_invalid');
  }
  errors.throwIfAny();
  const params = documentLinkParams(services.config, stored, template);
  if (method === 'sms') {
    await services.notifier.enqueue(
      {
        channel: 'sms',
        to: certifiedMobileOf(user),
        key: 'document_sms',
        locale,
        params,
        documentId: stored.id,
      },
      trx,
    );
    return { message: actionMessage(locale, 'sms_sent') };
  }
  const own = user.record.email;
  const given = args.email !== undefined && args.email !== null && args.email !== '';
  const to = errors.email(args, 'email', own) ?? '';
  errors.throwIfAny();
  const toSomeoneElse = given && to !== own;
  await services.notifier.enqueue(
    {
      channel: 'email',
      to,
      key: toSomeoneElse ? 'document_link_email' : 'document_email',
      locale,
      params: toSomeoneElse
        ? { sender: citizenName(stored.values, user.record), ...params }
        : params,
      documentId: stored.id,
    },
    trx,
  );
  return {
    message: toSomeoneElse
      ? actionMessage(locale, 'link_sent', { email: to })
      : actionMessage(locale, 'email_sent'),
  };
}
