import type { LocalizedText } from '@dilosi/domain';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import type { SignatoryRow } from './joint-queries';
import { jointPageUrl, type AlertingServices, type JointServices } from './joint-services';

/** The person behind a signatory, when she has an account (by her tax number). */
async function accountOf(trx: Queryable, afm: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'mobile', 'mobile_certified', 'email'])
    .where('afm', '=', afm)
    .executeTakeFirst();
}

/**
 * A co-signatory is asked to sign: a `user-application` message in her messages linking to the
 * consent, with an SMS / e-mail alert. Without an account yet, she gets the message at her
 * first login (deliverWaitingJointRequests).
 */
export async function askToSign(
  trx: Queryable,
  services: JointServices,
  input: {
    consentId: string;
    documentId: string;
    signatory: SignatoryRow;
    title: LocalizedText;
    sender: string;
    alertOnly?: boolean;
  },
): Promise<void> {
  const person = await accountOf(trx, input.signatory.afm);
  if (!person) return;
  if (!input.alertOnly) {
    await deliverCitizenMessage(trx, {
      ownerId: person.id,
      type: 'user-application',
      stateData: joinRequestData(input),
      at: now(),
    });
  }
  await alertCitizen(services, trx, person, {
    sms: 'joint_request_sms',
    email: 'joint_request_email',
    params: {
      sender: input.sender,
      title: input.title,
      url: jointPageUrl(services, input.consentId),
    },
  });
}

/**
 * The message's state data: what /my/messages shows and where its link goes. No `summary`: the
 * messages' schema holds it as one string, and the title already names the declaration.
 */
export function joinRequestData(input: {
  consentId: string;
  signatory: Pick<SignatoryRow, 'firstname' | 'surname'>;
  title: LocalizedText;
  sender: string;
}) {
  return {
    title: input.title,
    sender_display_name: input.sender,
    recipient_display_name: `${input.signatory.firstname} ${input.signatory.surname}`,
    reply_link: `/my/joint/${input.consentId}`,
    consent_id: input.consentId,
  };
}

const CLOSED_REASONS = {
  author_canceled: {
    el: 'την ακύρωσε ο/η συντάκτης/τρια',
    en: 'its author canceled it',
    fr: 'son auteur l’a annulée',
  },
  signatory_declined: {
    el: 'ένας συνυπογράφων αρνήθηκε να υπογράψει',
    en: 'a co-signatory declined to sign',
    fr: 'un cosignataire a refusé de signer',
  },
  expired: {
    el: 'έληξε χωρίς όλες τις υπογραφές',
    en: 'it expired without every signature',
    fr: 'elle a expiré sans toutes les signatures',
  },
} as const;

/** Everyone of the consent but `except` is told it will not be issued, and why. */
export async function tellClosed(
  trx: Queryable,
  services: AlertingServices,
  input: {
    consentId: string;
    signatories: readonly SignatoryRow[];
    except?: string | null;
    title: LocalizedText;
    reason: keyof typeof CLOSED_REASONS;
  },
): Promise<void> {
  for (const signatory of input.signatories) {
    if (signatory.afm === input.except) continue;
    const person = await accountOf(trx, signatory.afm);
    if (!person) continue;
    await alertCitizen(services, trx, person, {
      sms: 'joint_closed_sms',
      email: 'joint_closed_email',
      params: {
        title: input.title,
        reason: CLOSED_REASONS[input.reason],
        url: jointPageUrl(services, input.consentId),
      },
    });
  }
}
