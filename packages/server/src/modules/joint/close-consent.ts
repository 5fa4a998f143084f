import { consentMachine, DAY_MS, signatoryMachine, type Locale } from '@dilosi/domain';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';
import { AppError } from '../../lib/app-error';
import { changeState } from '../../lib/state-change';
import type { CurrentUser } from '../auth';
import { jointError } from './joint-errors';
import {
  consentTitle,
  listSignatories,
  lockConsent,
  refuseClosed,
  signatoryOf,
  type ConsentRow,
  type SignatoryRow,
} from './joint-queries';
import type { AlertingServices, JointServices } from './joint-services';
import { consentState, signatoryState } from './joint-states';
import { askToSign, tellClosed } from './notify-signatories';
import { refuseAnswered } from './send-signature-code';

/** The consent ends (issued → canceled or expired) and everyone but `except` is told. */
async function closeConsent(
  trx: Queryable,
  services: AlertingServices,
  input: {
    consent: ConsentRow;
    signatories: readonly SignatoryRow[];
    event: 'cancel' | 'expire';
    reason: 'author_canceled' | 'signatory_declined' | 'expired';
    except: string | null;
  },
) {
  const at = now();
  await changeState(trx, consentState, {
    lock: async () => input.consent,
    event: input.event,
    at,
    columns: () => ({ closed_reason: input.reason, updated_at: at }),
  });
  await tellClosed(trx, services, {
    consentId: input.consent.id,
    signatories: input.signatories,
    except: input.except,
    title: await consentTitle(trx, input.consent),
    reason: input.reason,
  });
}

/**
 * A co-signatory declines (pending → dismissed, with an optional reason): the consent is
 * canceled and everyone else told. Declining twice: 409 signatory_already_dismissed.
 */
export async function declineConsent(
  services: JointServices,
  input: { consentId: string; user: CurrentUser; reason: string | undefined; locale: Locale },
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const consent = await lockConsent(trx, input.consentId);
    const signatories = await listSignatories(trx, consent.id);
    const own = signatoryOf(signatories, input.user.record);
    refuseAnswered(own.state);
    refuseClosed(consent.state, 'sign');
    const at = now();
    await changeState(trx, signatoryState, {
      lock: async () => own,
      event: 'dismiss',
      at,
      columns: () => ({
        dismissed_at: at,
        dismissed_reason: input.reason || null,
        user_id: input.user.id,
        code_hash: null,
      }),
    });
    await closeConsent(trx, services, {
      consent,
      signatories,
      event: 'cancel',
      reason: 'signatory_declined',
      except: own.afm,
    });
  });
}

/**
 * The author withdraws her joint declaration before everyone signed (issued → canceled); every
 * co-signatory is told. Only the author (403 permission_denied for a co-signatory).
 */
export async function cancelConsent(
  services: JointServices,
  input: { consentId: string; user: CurrentUser },
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const consent = await lockConsent(trx, input.consentId);
    const signatories = await listSignatories(trx, consent.id);
    const own = signatoryOf(signatories, input.user.record);
    if (consent.author_id !== input.user.id) throw new AppError(403, 'permission_denied');
    refuseClosed(consent.state, 'cancel');
    await closeConsent(trx, services, {
      consent,
      signatories,
      event: 'cancel',
      reason: 'author_canceled',
      except: own.afm,
    });
  });
}

/**
 * Consents past their days without every signature end as expired, everyone told. One
 * transaction per consent, each locked and asked again (a signature may have completed it).
 */
export async function expireConsents(services: AlertingServices, limit = 100): Promise<number> {
  const due = await services.database.db
    .selectFrom('joint_consents')
    .select('id')
    .where('state', '=', consentMachine.initial)
    .where('expires_at', '<=', now())
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    await services.database.db.transaction().execute(async (trx) => {
      const consent = await lockConsent(trx, id);
      if (consent.state !== consentMachine.initial || new Date(consent.expires_at) > now()) return;
      const signatories = await listSignatories(trx, consent.id);
      await closeConsent(trx, services, {
        consent,
        signatories,
        event: 'expire',
        reason: 'expired',
        except: null,
      });
      expired += 1;
    });
  }
  return expired;
}

/**
 * The author reminds the co-signatories who have not signed yet, at most once a day (429
 * consent_reminded_today): an SMS / e-mail alert each, no new message.
 */
export async function remindSignatories(
  services: JointServices,
  input: { consentId: string; user: CurrentUser },
): Promise<void> {
  await services.database.db.transaction().execute(async (trx) => {
    const consent = await lockConsent(trx, input.consentId);
    const signatories = await listSignatories(trx, consent.id);
    const own = signatoryOf(signatories, input.user.record);
    if (consent.author_id !== input.user.id) throw new AppError(403, 'permission_denied');
    refuseClosed(consent.state, 'cancel');
    const at = now();
    if (consent.reminded_at && at.getTime() - new Date(consent.reminded_at).getTime() < DAY_MS) {
      throw jointError('consent_reminded_today');
    }
    await changeState(trx, consentState, {
      lock: async () => consent,
      event: 'remind',
      at,
      columns: () => ({ reminded_at: at, updated_at: at }),
    });
    const title = await consentTitle(trx, consent);
    for (const signatory of signatories) {
      if (signatory.state !== signatoryMachine.initial) continue;
      await askToSign(trx, services, {
        consentId: consent.id,
        documentId: consent.document_id,
        signatory,
        title,
        sender: `${own.firstname} ${own.surname}`,
        alertOnly: true,
      });
    }
  });
}
