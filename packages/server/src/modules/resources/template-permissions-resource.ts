import {
  ENTITY_TEMPLATE_USES,
  type EntityTemplateUse,
  type Locale,
  type ResourceActionRequest,
  type ResourceActionResponse,
  type ResourceInfo,
} from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { TemplateCatalog } from '../templates';
import { containsPattern, filterOf, invalidArguments, pageOf } from './resource-arguments';
import type { ResourceServices } from './resource-services';

/** The templates an entity can be granted: every enabled one usable by staff, by refname. */
function grantable(catalog: TemplateCatalog): string[] {
  const refnames = ENTITY_TEMPLATE_USES.flatMap((use) =>
    catalog.listForEntity(use).map((template) => template.refname),
  );
  return [...new Set(refnames)].sort();
}

export function templatePermissionsInfo(catalog: TemplateCatalog): ResourceInfo {
  return {
    name: 'template-permissions',
    title: 'resources.template-permissions.title',
    fields: [
      {
        name: 'template',
        label: 'resources.template-permissions.template',
        type: 'text',
        filterable: true,
      },
      {
        name: 'title',
        label: 'resources.template-permissions.templateTitle',
        type: 'text',
        filterable: false,
      },
      {
        name: 'use',
        label: 'resources.template-permissions.use',
        type: 'text',
        filterable: true,
        value_labels: 'resources.choices',
      },
      {
        name: 'created_at',
        label: 'resources.template-permissions.granted',
        type: 'datetime',
        filterable: false,
      },
    ],
    row_actions: [{ name: 'revoke', label: 'resources.actions.revoke', arguments: [] }],
    resource_actions: [
      {
        name: 'grant',
        label: 'resources.actions.grant',
        arguments: ['template', 'use'],
        choices: { template: grantable(catalog), use: [...ENTITY_TEMPLATE_USES] },
      },
    ],
  };
}

function useOf(value: unknown): EntityTemplateUse {
  if (typeof value !== 'string' || value.trim() === '') throw invalidArguments('use', 'required');
  const use = ENTITY_TEMPLATE_USES.find((u) => u === value.trim());
  if (!use) throw invalidArguments('use', 'invalid');
  return use;
}

/** A row's id: `use:refname` (the grant's key within the entity). */
const rowId = (use: string, refname: string) => `${use}:${refname}`;

/**
 * The template-permissions resource (issue #39): which templates an entity may issue or reply
 * with. A head (or a templates author) lists, grants and revokes them; a template can be
 * granted only for a use it is made for (its `entity_use`), and once.
 */
export async function runTemplatePermissionsAction(
  services: ResourceServices,
  input: { entityId: string; userId: string; locale: Locale; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { db, catalog } = services;
  const { entityId, userId, locale, request } = input;
  const titleOf = (refname: string) => {
    const template =
      catalog.listForEntity('issue').find((t) => t.refname === refname) ??
      catalog.listForEntity('reply').find((t) => t.refname === refname);
    return template ? (template.title[locale] ?? template.title.el) : null;
  };
  switch (request.action) {
    case 'list': {
      const { limit, offset } = pageOf(request);
      const templateFilter = filterOf(request, 'template');
      const useFilter = filterOf(request, 'use');
      let base = db.selectFrom('entity_template_permissions').where('entity_id', '=', entityId);
      if (templateFilter)
        base = base.where('template_refname', 'ilike', containsPattern(templateFilter));
      if (useFilter) base = base.where('use', '=', useOf(useFilter));
      const [rows, total] = await Promise.all([
        base
          .select(['template_refname', 'use', 'created_at'])
          .orderBy('template_refname')
          .orderBy('use')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map((row) => ({
          id: rowId(row.use, row.template_refname),
          template: row.template_refname,
          title: titleOf(row.template_refname),
          use: row.use,
          created_at: new Date(row.created_at).toISOString(),
        })),
        meta: { count: Number(total.n), limit, offset },
      };
    }
    case 'grant': {
      const refname = request.arguments.template;
      if (typeof refname !== 'string' || refname.trim() === '')
        throw invalidArguments('template', 'required');
      const use = useOf(request.arguments.use);
      const template = catalog.findForEntity(refname.trim(), use);
      if (!template) throw new AppError(422, 'template_not_grantable');
      const row = await db
        .insertInto('entity_template_permissions')
        .values({
          entity_id: entityId,
          template_refname: template.refname,
          use,
          granted_by: userId,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['entity_id', 'template_refname', 'use']).doNothing())
        .returning(['template_refname', 'use', 'created_at'])
        .executeTakeFirst();
      if (!row) throw new AppError(409, 'template_permission_exists');
      return {
        data: [
          {
            id: rowId(row.use, row.template_refname),
            template: row.template_refname,
            title: template.title[locale] ?? template.title.el,
            use: row.use,
            created_at: new Date(row.created_at).toISOString(),
          },
        ],
      };
    }
    case 'revoke': {
      const [use, refname] = (request.object_id ?? '').split(/:(.*)/s);
      const found =
        use && refname
          ? await db
              .deleteFrom('entity_template_permissions')
              .where('entity_id', '=', entityId)
              .where('use', '=', use as EntityTemplateUse)
              .where('template_refname', '=', refname)
              .returning('template_refname')
              .executeTakeFirst()
          : undefined;
      if (!found) throw new AppError(404, 'not_found');
      return { data: [] };
    }
    default:
      throw new AppError(400, 'resource_action_not_found');
  }
}
