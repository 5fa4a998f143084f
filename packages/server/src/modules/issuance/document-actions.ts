import {
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  canRunUserAction,
  type DocumentUserAction,
  type Locale,
  type Template,
  formatAthensDateTime,
  DAY_MS,
} from '@dilosi/domain';
import { now } from '../../clock';
import type { DocumentRow } from '../../db/schema';
import type { CurrentUser } from '../auth';
import {
  computeDigest,
  declarationNotFound,
  findOwnedDocument,
  insertDocumentEvent,
  nextDocumentState,
  notAllowedOnState,
  type Queryable,
} from '../documents';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import { citizenName, documentLinkParams } from './document-links';
import type { IssuanceServices } from './issuance-services';
import { nextOtpSend, sendOtp } from './otp';
import { certifiedMobileOf } from './certified-mobile';
import { pdfDownloadUrl } from './pdf-download-url';

export type ActionContext = {
  services: IssuanceServices;
  user: CurrentUser;
  /** The document as read before the action (unlocked). */
  stored: DocumentRow;
  template: Template;
  args: Record<string, unknown>;
  locale: Locale;
};

export type ActionOutcome = {
  /** The document after the action, when it changed. */
  row?: DocumentRow;
  message?: string;
  downloadUrl?: string;
};

/** Runs a change on the locked document, still in a state the action allows. */
async function withLockedDocument<T>(
  context: ActionContext,
  action: DocumentUserAction,
  change: (trx: Queryable, locked: DocumentRow) => Promise<T>,
): Promise<T> {
  const { services, stored, user } = context;
  return services.database.db.transaction().execute(async (trx) => {
    const locked = await findOwnedDocument(trx, stored.id, user.id, { forUpdate: true });
    if (!locked) throw declarationNotFound();
    if (!canRunUserAction(locked.state, action)) throw notAllowedOnState();
    return change(trx, locked);
  });
}

export const documentActions: Record<
  DocumentUserAction,
  (context: ActionContext) => Promise<ActionOutcome>
> = {
  async resend_otp(context) {
    const { services, user, locale } = context;
    const { config } = services;
    const mobile = certifiedMobileOf(user);
    const row = await withLockedDocument(context, 'resend_otp', async (trx, locked) => {
      const state = nextDocumentState(locked.state, 'resend_otp');
      const sends = await nextOtpSend(trx, config, locked.id);
      await sendOtp(trx, services, { documentId: locked.id, mobile, locale, sends });
      await insertDocumentEvent(trx, {
        documentId: locked.id,
        action: 'otp_resent',
        fromState: locked.state,
        toState: state,
        step: locked.step,
        userId: user.id,
      });
      return locked;
    });
    return { row, message: actionMessage(locale, 'otp_resent') };
  },

  async pdf(context) {
    return { downloadUrl: pdfDownloadUrl(context.services, context.stored.id).url };
  },

  async email(context) {
    const { services, user, stored, template, args, locale } = context;
    const errors = new ArgumentErrors(locale);
    const to = errors.email(args, 'email', user.record.email);
    errors.throwIfAny();
    await services.notifier.enqueue({
      channel: 'email',
      to: to ?? '',
      key: 'document_email',
      locale,
      params: documentLinkParams(services.config, stored, template),
      documentId: stored.id,
    });
    return { message: actionMessage(locale, 'email_sent') };
  },

  async sms(context) {
    const { services, user, stored, template, locale } = context;
    const mobile = certifiedMobileOf(user);
    await services.notifier.enqueue({
      channel: 'sms',
      to: mobile,
      key: 'document_sms',
      locale,
      params: documentLinkParams(services.config, stored, template),
      documentId: stored.id,
    });
    return { message: actionMessage(locale, 'sms_sent') };
  },

  async 'send-document-link'(context) {
    const { services, user, stored, template, args, locale } = context;
    const errors = new ArgumentErrors(locale);
    const to = errors.email(args, 'email');
    errors.throwIfAny();
    await services.notifier.enqueue({
      channel: 'email',
      to: to ?? '',
      key: 'document_link_email',
      locale,
      params: {
        sender: citizenName(stored.values, user.record),
        ...documentLinkParams(services.config, stored, template),
      },
      documentId: stored.id,
    });
    return { message: actionMessage(locale, 'link_sent', { email: to }) };
  },

  async share(context) {
    const { user, args, locale } = context;
    const errors = new ArgumentErrors(locale);
    const firstname = errors.text(args, 'firstname');
    const surname = errors.text(args, 'surname');
    const afm = errors.afm(args, 'afm');
    errors.throwIfAny();
    const row = await withLockedDocument(context, 'share', async (trx, locked) => {
      await trx
        .insertInto('document_shares')
        .values({
          document_id: locked.id,
          firstname: firstname ?? '',
          surname: surname ?? '',
          afm: afm ?? '',
          created_at: now(),
        })
        .execute();
      await insertDocumentEvent(trx, {
        documentId: locked.id,
        action: 'shared',
        fromState: locked.state,
        toState: locked.state,
        step: locked.step,
        userId: user.id,
      });
      return locked;
    });
    return { row, message: actionMessage(locale, 'shared', { name: `${firstname} ${surname}` }) };
  },

  async revoke(context) {
    const { user, locale } = context;
    const row = await withLockedDocument(context, 'revoke', async (trx, locked) => {
      const revokedState = nextDocumentState(locked.state, 'revoke');
      const at = now();
      const revoked = await trx
        .updateTable('documents')
        .set({
          state: revokedState,
          step: 'revoked',
          digest: computeDigest({
            values: locked.values,
            recipient: locked.recipient,
            step: 'revoked',
          }),
          updated_at: at,
        })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(trx, {
        documentId: locked.id,
        action: 'revoked',
        fromState: locked.state,
        toState: revokedState,
        step: 'revoked',
        userId: user.id,
      });
      // The recipient's case records it too.
      const entry = await trx
        .selectFrom('inbox_entries')
        .select('id')
        .where('document_id', '=', locked.id)
        .executeTakeFirst();
      if (entry) {
        await trx
          .insertInto('case_events')
          .values({
            inbox_entry_id: entry.id,
            action: 'document_revoked',
            user_id: user.id,
            details: JSON.stringify({ reference_code: locked.reference_code }),
            at,
          })
          .execute();
      }
      return revoked;
    });
    return { row, message: actionMessage(locale, 'revoked') };
  },

  async dismiss(context) {
    const { user, locale } = context;
    const row = await withLockedDocument(context, 'dismiss', async (trx, locked) => {
      const dismissed = await trx
        .updateTable('documents')
        .set({ dismissed_at: now() })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(trx, {
        documentId: locked.id,
        action: 'dismissed',
        fromState: locked.state,
        toState: locked.state,
        step: locked.step,
        userId: user.id,
      });
      return dismissed;
    });
    return { row, message: actionMessage(locale, 'dismissed') };
  },

  async set_retention(context) {
    const { user, args, locale } = context;
    const errors = new ArgumentErrors(locale);
    const raw = args.days;
    const days = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
    if (
      typeof days !== 'number' ||
      !Number.isInteger(days) ||
      days < RETENTION_MIN_DAYS ||
      days > RETENTION_MAX_DAYS
    ) {
      const params = { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS };
      if (raw === undefined || raw === null || raw === '') errors.add('days', 'required');
      else errors.add('days', 'retention_days_invalid', params, 'actions');
    }
    errors.throwIfAny();
    const row = await withLockedDocument(context, 'set_retention', async (trx, locked) => {
      const issuedAt = new Date(locked.issued_at ?? locked.updated_at).getTime();
      const updated = await trx
        .updateTable('documents')
        .set({ retention_until: new Date(issuedAt + (days as number) * DAY_MS) })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(trx, {
        documentId: locked.id,
        action: 'retention_set',
        fromState: locked.state,
        toState: locked.state,
        step: locked.step,
        userId: user.id,
      });
      return updated;
    });
    const until = formatAthensDateTime(new Date(row.retention_until ?? now())).slice(0, 10);
    return { row, message: actionMessage(locale, 'retention_set', { date: until }) };
  },
};
