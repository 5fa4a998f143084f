import elVault from '@dilosi/domain/i18n/el/vault.json' with { type: 'json' };
import enVault from '@dilosi/domain/i18n/en/vault.json' with { type: 'json' };
import frVault from '@dilosi/domain/i18n/fr/vault.json' with { type: 'json' };
import type {
  DocumentHistoryActor,
  DocumentHistoryItem,
  DocumentHistoryPage,
  Locale,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB, DocumentRow } from '../db/schema';
import { registerCatalog, translate } from './i18n';
import { pageMeta } from './paging';

// The names of a document's history actions (spec section 4: create, requested, issued,
// accepted, revoked, reply, pdf created …), shared with the vault's history tab.
registerCatalog('document-history', {
  el: elVault.history.actions,
  en: enVault.history.actions,
  fr: frVault.history.actions,
});

/** Who reads the history: the citizen (owner or recipient) or the staff of the case's entity. */
export type HistoryReader = 'citizen' | 'staff';

type HistoryDocument = Pick<
  DocumentRow,
  'id' | 'owner_id' | 'issuer_entity_id' | 'recipient_user_id'
>;

/** Who did a step: the service (no user), the addressee's answer, the owner, else staff. */
function actorOf(
  document: HistoryDocument,
  action: string,
  userId: string | null,
): DocumentHistoryActor {
  if (userId === null) return 'system';
  if (action === 'accepted' || action === 'rejected') return 'recipient';
  if (document.issuer_entity_id === null) return userId === document.owner_id ? 'owner' : 'entity';
  return userId === document.recipient_user_id ? 'recipient' : 'entity';
}

type Named = { firstname: string | null; surname: string | null; email: string | null };
const personName = (user: Named): string | undefined =>
  [user.firstname, user.surname].filter(Boolean).join(' ') || user.email || undefined;

/**
 * The entity each staff member acted for, by user id: the issuer of an entity's document, else
 * among the entities holding the document's case (the first and those it was forwarded to) the
 * one the user is (or was) staff of, else the first.
 */
async function entityNames(
  db: Kysely<DB>,
  document: HistoryDocument,
  staffIds: readonly string[],
  locale: Locale,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (staffIds.length === 0) return names;
  const entities = document.issuer_entity_id
    ? await db
        .selectFrom('entities')
        .select(['id', 'display_name'])
        .where('id', '=', document.issuer_entity_id)
        .execute()
    : await db
        .selectFrom('inbox_entries')
        .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
        .select(['entities.id', 'entities.display_name'])
        .where('inbox_entries.document_id', '=', document.id)
        .orderBy('inbox_entries.received_at')
        .orderBy('inbox_entries.id')
        .execute();
  const first = entities[0];
  if (!first) return names;
  const roles =
    entities.length === 1
      ? []
      : await db
          .selectFrom('permissions')
          .select(['user_id', 'entity_id'])
          .where('user_id', 'in', staffIds)
          .where(
            'entity_id',
            'in',
            entities.map((entity) => entity.id),
          )
          .execute();
  for (const userId of staffIds) {
    const held = new Set(roles.filter((role) => role.user_id === userId).map((r) => r.entity_id));
    const entity = entities.find((candidate) => held.has(candidate.id)) ?? first;
    names.set(userId, entity.display_name[locale] || entity.display_name.el);
  }
  return names;
}

/**
 * One page of a document's history, oldest first, in the reader's language. Staff see who did
 * each step by name; a citizen sees staff's steps under their entity's name, never the clerk's.
 */
export async function listDocumentHistory(
  db: Kysely<DB>,
  input: {
    document: HistoryDocument;
    reader: HistoryReader;
    locale: Locale;
    limit: number;
    offset: number;
  },
): Promise<DocumentHistoryPage> {
  const { document, locale } = input;
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('document_events')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('document_events')
      .leftJoin('users', 'users.id', 'document_events.user_id')
      .select([
        'document_events.id',
        'document_events.action',
        'document_events.user_id',
        'document_events.at',
        'users.firstname',
        'users.surname',
        'users.email',
      ])
      .where('document_events.document_id', '=', document.id)
      .orderBy('document_events.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
  ]);
  const actors = rows.map((row) => actorOf(document, row.action, row.user_id));
  const staffIds =
    input.reader === 'citizen'
      ? [
          ...new Set(
            rows.flatMap((row, i) => (actors[i] === 'entity' && row.user_id ? [row.user_id] : [])),
          ),
        ]
      : [];
  const entities = await entityNames(db, document, staffIds, locale);
  const data = rows.map((row, i): DocumentHistoryItem => {
    const actor = actors[i] ?? 'system';
    const name =
      actor === 'system'
        ? undefined
        : actor === 'entity' && input.reader === 'citizen'
          ? entities.get(row.user_id ?? '')
          : personName(row);
    return {
      id: String(row.id),
      action: row.action,
      action_display: translate(locale, 'document-history', row.action),
      timestamp: new Date(row.at).toISOString(),
      actor,
      ...(name ? { actor_display_name: name } : {}),
    };
  });
  return { data, meta: pageMeta(Number(counted.count), input.limit, input.offset) };
}
