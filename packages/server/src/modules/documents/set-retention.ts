import {
  DAY_MS,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  formatAthensDateTime,
} from '@dilosi/domain';
import { now } from '../../clock';
import { ArgumentErrors } from './action-arguments';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import type { IssuanceServices } from '../issuance';

/** `set-retention` (our extension; docs/api.md): how long an issued document is kept, in days from its issue. */
export async function setRetention(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, args, locale } = input;
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
  const row = await withLockedDocument(
    services,
    input,
    'set-retention',
    async (handle, locked) => {
      const issuedAt = new Date(locked.issued_at ?? locked.updated_at).getTime();
      const updated = await handle
        .updateTable('documents')
        .set({ retention_until: new Date(issuedAt + (days as number) * DAY_MS) })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await insertDocumentEvent(handle, {
        documentId: locked.id,
        action: 'retention_set',
        fromState: locked.state,
        toState: locked.state,
        step: locked.step,
        userId: user.id,
      });
      return updated;
    },
    trx,
  );
  const until = formatAthensDateTime(new Date(row.retention_until ?? now())).slice(0, 10);
  return { row, message: actionMessage(locale, 'retention_set', { date: until }) };
}
