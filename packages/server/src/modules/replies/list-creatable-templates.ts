import type { EntityTemplate, EntityTemplateUse, PageMeta } from '@dilosi/domain';
import { pageMeta } from '../../lib/paging';
import type { TemplateCatalog } from '../templates';

/** The templates an entity may use for `use`, one page of them, by refname. */
export function listCreatableTemplates(
  catalog: TemplateCatalog,
  input: { use: EntityTemplateUse; limit: number; offset: number },
): { data: EntityTemplate[]; meta: PageMeta } {
  const all = catalog.listForEntity(input.use);
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
