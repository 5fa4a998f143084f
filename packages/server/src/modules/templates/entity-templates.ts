import type { EntityTemplateUse, Template } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from './template-catalog';

/**
 * The templates an entity's staff may use for `use` (issue #39): the enabled templates that can
 * be used for it (the template's `entity_use`) and that the entity was granted in
 * `entity_template_permissions` (the template-permissions resource), by refname.
 */
export async function listEntityTemplates(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  entityId: string,
  use: EntityTemplateUse,
): Promise<Template[]> {
  const rows = await db
    .selectFrom('entity_template_permissions')
    .select('template_refname')
    .where('entity_id', '=', entityId)
    .where('use', '=', use)
    .execute();
  const granted = new Set(rows.map((row) => row.template_refname));
  return catalog.listForEntity(use).filter((template) => granted.has(template.refname));
}

/** One of listEntityTemplates(…), or undefined. */
export async function findEntityTemplate(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  entityId: string,
  refname: string,
  use: EntityTemplateUse,
): Promise<Template | undefined> {
  const template = catalog.findForEntity(refname, use);
  if (!template) return undefined;
  const granted = await db
    .selectFrom('entity_template_permissions')
    .select('template_refname')
    .where('entity_id', '=', entityId)
    .where('template_refname', '=', refname)
    .where('use', '=', use)
    .executeTakeFirst();
  return granted ? template : undefined;
}
