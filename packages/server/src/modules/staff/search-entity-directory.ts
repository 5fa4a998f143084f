import { ENTITY_DIRECTORY_LIMIT, nameKey, type EntityDirectory } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The enabled entities whose codename or name (in any language, accents and script folded as a
 * request's name is: nameKey) holds every word typed, for the access-request form's suggestions
 * (issue #33). Entities are few (hundreds), as findEntityByName reads them.
 */
export async function searchEntityDirectory(
  db: Kysely<DB>,
  query: string,
): Promise<EntityDirectory> {
  const words = nameKey(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { data: [] };
  const entities = await db
    .selectFrom('entities')
    .select(['codename', 'display_name'])
    .where('enabled', '=', true)
    .orderBy('codename')
    .execute();
  const data = entities
    .filter((entity) => {
      const haystack = [
        entity.codename,
        entity.display_name.el,
        entity.display_name.en,
        entity.display_name.fr,
      ]
        .filter((text): text is string => typeof text === 'string')
        .map((text) => nameKey(text))
        .join(' ');
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, ENTITY_DIRECTORY_LIMIT)
    .map(({ codename, display_name: name }) => ({
      codename,
      display_name: { el: name.el, en: name.en ?? name.el, fr: name.fr ?? name.en ?? name.el },
    }));
  return { data };
}
