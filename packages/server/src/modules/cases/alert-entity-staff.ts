import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { normalizeRecipient, type Notifier } from '../../notify';
import { ALERT_LOCALE, alertCitizen, foldIntoDigest, lockAlertSubject } from '../messages';

export type EntityAlertServices = {
  notifier: Notifier;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'ALERT_SMS_PER_HOUR'
    | 'ALERT_SMS_PER_DAY'
    | 'ALERT_EMAIL_PER_HOUR'
    | 'ALERT_EMAIL_PER_DAY'
  >;
};

/** What happened: a case arrived (issued to the entity or forwarded in), or the citizen answered. */
export type EntityAlertKind =
  'new_case' | 'citizen_answer' | 'opinion_requested' | 'opinion_given' | 'opinion_cancelled';

const KEYS = {
  new_case: 'entity_new_case_email',
  citizen_answer: 'entity_citizen_answer_email',
  // Opinions (issue #41): the asked entity is asked; the asking entity gets the answer.
  opinion_requested: 'entity_opinion_requested_email',
  opinion_given: 'entity_opinion_given_email',
  // The asking entity took its request back: the asked entity is told.
  opinion_cancelled: 'entity_opinion_cancelled_email',
} as const;

/** Staff digests go out once a day, at this Athens hour, for what arrived before it. */
export const STAFF_DIGEST_HOUR = 7;

/** The next STAFF_DIGEST_HOUR:00 in Athens after `at` (DST-aware through the database). */
async function nextDigestAt(trx: Kysely<DB>, at: Date): Promise<Date> {
  const { rows } = await sql<{ due: Date | string }>`
    select case when local < local::date + make_interval(hours => ${STAFF_DIGEST_HOUR})
      then (local::date + make_interval(hours => ${STAFF_DIGEST_HOUR})) at time zone 'Europe/Athens'
      else (local::date + 1 + make_interval(hours => ${STAFF_DIGEST_HOUR})) at time zone 'Europe/Athens'
    end as due
    from (select (${at}::timestamptz at time zone 'Europe/Athens') as local) t`.execute(trx);
  return new Date(rows[0]?.due ?? at);
}

/**
 * Tells an entity that a case arrived or that a citizen answered on one (issue #33,
 * docs/notifications.md "Entity alerts"), in the caller's transaction, through the outbox: an
 * e-mail to the entity's address, and to each active staff member who chose it for this entity,
 * at once ('each', within the alert caps; past them into their digest) or in the daily digest
 * ('digest'). `actorId` (who caused it) is not told. In Greek: entities have no language yet.
 */
export async function alertEntityStaff(
  services: EntityAlertServices,
  trx: Kysely<DB>,
  input: {
    entryId: string;
    kind: EntityAlertKind;
    actorId?: string | null;
    /** Another entity than the case's, told about it, and the dashboard path it is sent to. */
    to?: { entityId: string; path: string };
  },
): Promise<void> {
  const entry = await trx
    .selectFrom('inbox_entries')
    .innerJoin('entities', (join) =>
      join.on('entities.id', '=', input.to?.entityId ?? sql.ref('inbox_entries.entity_id')),
    )
    .select([
      'inbox_entries.id',
      'inbox_entries.case_id',
      'inbox_entries.subject',
      'entities.id as entity_id',
      'entities.email',
      'entities.display_name',
    ])
    .where('inbox_entries.id', '=', input.entryId)
    .executeTakeFirst();
  if (!entry) return;
  const key = KEYS[input.kind];
  const params = {
    entity: entry.display_name,
    case_id: entry.case_id,
    title: entry.subject,
    url: `${services.config.publicUrl}${input.to?.path ?? `/dashboard/entities/show/${entry.entity_id}/inbox/entry/${entry.id}`}`,
  };
  if (entry.email) {
    await services.notifier.enqueue(
      { channel: 'email', to: entry.email, key, locale: ALERT_LOCALE, params },
      trx,
    );
  }
  const staff = await trx
    .selectFrom('staff_alert_preferences as pref')
    .innerJoin('users', 'users.id', 'pref.user_id')
    .select(['users.id', 'users.email', 'pref.mode'])
    .where('pref.entity_id', '=', entry.entity_id)
    .where('pref.mode', '!=', 'none')
    .where('users.email', 'is not', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('permissions')
          .select('permissions.id')
          .whereRef('permissions.user_id', '=', 'pref.user_id')
          .whereRef('permissions.entity_id', '=', 'pref.entity_id')
          .where('permissions.state', '=', 'active'),
      ),
    )
    .orderBy('users.id')
    .execute();
  for (const person of staff) {
    if (person.id === input.actorId || !person.email) continue;
    if (person.mode === 'each') {
      await alertCitizen(
        services,
        trx,
        { id: person.id, email: person.email, mobile: null, mobile_certified: false },
        { sms: key, email: key, params },
        { scope: entry.entity_id },
      );
      continue;
    }
    const subject = {
      userId: person.id,
      channel: 'email' as const,
      recipient: normalizeRecipient('email', person.email) ?? person.email,
      scope: entry.entity_id,
    };
    await lockAlertSubject(trx, subject);
    const at = now();
    await foldIntoDigest(trx, subject, (await nextDigestAt(trx, at)).getTime() - at.getTime());
  }
}
