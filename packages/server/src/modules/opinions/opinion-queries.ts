import { isOpinionOverdue, isUuid, userDisplayName, type Opinion } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB, LocalizedText } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export const opinionNotFound = () => new AppError(404, 'opinion_not_found');

const localized = (text: LocalizedText) => ({
  el: text.el,
  en: text.en ?? text.el,
  fr: text.fr ?? text.el,
});

/** The opinions with what their answers show: both entities, the expert, the people involved. */
export function opinionRows(db: Kysely<DB>) {
  return db
    .selectFrom('case_opinions as o')
    .innerJoin('inbox_entries as entry', 'entry.id', 'o.inbox_entry_id')
    .innerJoin('entities as asking', 'asking.id', 'o.asking_entity_id')
    .leftJoin('entities as expert_entity', 'expert_entity.id', 'o.expert_entity_id')
    .leftJoin('users as expert_user', 'expert_user.id', 'o.expert_user_id')
    .leftJoin('users as asker', 'asker.id', 'o.requested_by')
    .leftJoin('users as answerer', 'answerer.id', 'o.answered_by')
    .select([
      'o.id',
      'o.inbox_entry_id',
      'o.asking_entity_id',
      'o.expert_entity_id',
      'o.expert_user_id',
      'o.state',
      'o.question',
      'o.deadline',
      'o.requested_at',
      'o.answer',
      'o.answered_at',
      'o.cancelled_at',
      'o.file_name',
      'o.file_size',
      'entry.case_id',
      'entry.subject',
      'asking.codename as asking_codename',
      'asking.display_name as asking_name',
      'expert_entity.codename as expert_codename',
      'expert_entity.display_name as expert_entity_name',
      'expert_user.afm as expert_afm',
      'expert_user.firstname as expert_firstname',
      'expert_user.surname as expert_surname',
      'asker.firstname as asker_firstname',
      'asker.surname as asker_surname',
      'asker.email as asker_email',
      'asker.username as asker_username',
      'answerer.firstname as answerer_firstname',
      'answerer.surname as answerer_surname',
      'answerer.email as answerer_email',
      'answerer.username as answerer_username',
    ]);
}

export type OpinionRow = Awaited<
  ReturnType<ReturnType<typeof opinionRows>['executeTakeFirstOrThrow']>
>;

const nameOf = (person: {
  firstname: string | null;
  surname: string | null;
  email: string | null;
  username: string | null;
}) =>
  person.firstname !== null || person.email !== null || person.username !== null
    ? userDisplayName({ ...person, id: person.username ?? '' })
    : null;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** An opinion as its answers show it, overdue read from its deadline at `at`. */
export function toOpinion(row: OpinionRow, at: Date = now()): Opinion {
  return {
    id: row.id,
    state: row.state,
    is_overdue: isOpinionOverdue(row, at),
    question: row.question,
    deadline: row.deadline,
    requested_at: new Date(row.requested_at).toISOString(),
    requested_by: nameOf({
      firstname: row.asker_firstname,
      surname: row.asker_surname,
      email: row.asker_email,
      username: row.asker_username,
    }),
    asking_entity: { codename: row.asking_codename, display_name: localized(row.asking_name) },
    expert:
      row.expert_entity_id !== null
        ? {
            kind: 'entity',
            codename: row.expert_codename ?? '',
            display_name: localized(row.expert_entity_name ?? { el: '' }),
          }
        : {
            kind: 'person',
            afm: row.expert_afm ?? '',
            name: [row.expert_firstname, row.expert_surname].filter(Boolean).join(' ') || null,
          },
    case_id: row.case_id,
    subject: row.subject,
    answer: row.answer,
    answered_at: iso(row.answered_at),
    answered_by: nameOf({
      firstname: row.answerer_firstname,
      surname: row.answerer_surname,
      email: row.answerer_email,
      username: row.answerer_username,
    }),
    answer_file:
      row.file_name !== null ? { filename: row.file_name, size: row.file_size ?? 0 } : null,
    cancelled_at: iso(row.cancelled_at),
  };
}

/** Who may read an opinion: the asking entity's staff on the case, the asked entity, the person. */
export type OpinionReader =
  | { kind: 'asker'; entityId: string; entryId: string }
  | { kind: 'entity'; entityId: string }
  | { kind: 'person'; userId: string };

/** The opinion `id` if `reader` may read it, else 404 opinion_not_found. */
export async function findOpinion(
  db: Kysely<DB>,
  reader: OpinionReader,
  id: string,
): Promise<OpinionRow> {
  if (!isUuid(id)) throw opinionNotFound();
  let query = opinionRows(db).where('o.id', '=', id.toLowerCase());
  if (reader.kind === 'asker') {
    query = query
      .where('o.asking_entity_id', '=', reader.entityId)
      .where('o.inbox_entry_id', '=', reader.entryId);
  } else if (reader.kind === 'entity') {
    query = query.where('o.expert_entity_id', '=', reader.entityId);
  } else {
    query = query.where('o.expert_user_id', '=', reader.userId);
  }
  const row = await query.executeTakeFirst();
  if (!row) throw opinionNotFound();
  return row;
}

/** GET …/inbox/{i}/opinions: the case's opinions, newest first. */
export async function listCaseOpinions(db: Kysely<DB>, entryId: string): Promise<Opinion[]> {
  const rows = await opinionRows(db)
    .where('o.inbox_entry_id', '=', entryId)
    .orderBy('o.requested_at', 'desc')
    .orderBy('o.id')
    .execute();
  const at = now();
  return rows.map((row) => toOpinion(row, at));
}

/** GET /api/entity/{e}/opinions: the opinions asked of the entity, pending first, then newest. */
export async function listEntityOpinions(db: Kysely<DB>, entityId: string): Promise<Opinion[]> {
  const rows = await opinionRows(db)
    .where('o.expert_entity_id', '=', entityId)
    .orderBy((eb) => eb.case().when('o.state', '=', 'requested').then(0).else(1).end())
    .orderBy('o.deadline')
    .orderBy('o.requested_at', 'desc')
    .limit(500)
    .execute();
  const at = now();
  return rows.map((row) => toOpinion(row, at));
}
