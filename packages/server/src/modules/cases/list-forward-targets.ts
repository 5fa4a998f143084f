import type { ForwardTargets } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const localized = (text: { el: string; en?: string; fr?: string }) => ({
  el: text.el,
  en: text.en ?? text.el,
  fr: text.fr ?? text.el,
});

/**
 * GET /api/entity/{e}/forward-targets: the enabled entities with a mailbox a case of `e` can be
 * forwarded to (not `e` itself), and the recipient datasets it may use (the shared ones and its
 * own, issue #39) with their members' codenames.
 */
export async function listForwardTargets(
  db: Kysely<DB>,
  input: { entityId: string },
): Promise<ForwardTargets> {
  const [entities, datasets, members] = await Promise.all([
    db
      .selectFrom('entities')
      .select(['codename', 'display_name'])
      .where('enabled', '=', true)
      .where('has_inbox', '=', true)
      .where('id', '!=', input.entityId)
      .execute(),
    db
      .selectFrom('recipient_datasets')
      .select(['codename', 'title'])
      .where((eb) =>
        eb.or([eb('owner_entity_id', 'is', null), eb('owner_entity_id', '=', input.entityId)]),
      )
      .orderBy('codename')
      .execute(),
    db
      .selectFrom('recipient_dataset_members')
      .innerJoin('entities', 'entities.id', 'recipient_dataset_members.entity_id')
      .select(['recipient_dataset_members.dataset', 'entities.codename'])
      .orderBy('entities.codename')
      .execute(),
  ]);
  return {
    entities: entities
      .map((e) => ({ codename: e.codename, display_name: localized(e.display_name) }))
      .sort((a, b) => a.display_name.el.localeCompare(b.display_name.el, 'el')),
    datasets: datasets.map((d) => ({
      codename: d.codename,
      title: localized(d.title),
      members: members.filter((m) => m.dataset === d.codename).map((m) => m.codename),
    })),
  };
}
