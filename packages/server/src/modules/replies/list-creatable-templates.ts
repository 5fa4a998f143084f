import type { EntityTemplate, EntityTemplateUse, PageMeta } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';
import { listEntityTemplates, type TemplateCatalog } from '../templates';

/** The templates the entity was granted for `use`, one page of them, by refname. */
export async function listCreatableTemplates(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; use: EntityTemplateUse; limit: number; offset: number },
): Promise<{ data: EntityTemplate[]; meta: PageMeta }> {
  const all = await listEntityTemplates(db, catalog, input.entityId, input.use);
  const data = all.slice(input.offset, input.offset + input.limit).map((template) => ({
    refname: template.refname,
    code: template.code,
    shortname: template.shortname,
    title: template.title,
    description: template.description,
    uses: template.entity_use,
  }));
  return { data, meta: pageMeta(all.length, input.limit, input.offset) };
}
