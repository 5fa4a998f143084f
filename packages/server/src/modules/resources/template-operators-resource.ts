import {
  type Locale,
  type ResourceActionRequest,
  type ResourceActionResponse,
  type ResourceInfo,
} from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { TemplateCatalog } from '../templates';
import {
  containsPattern,
  filterOf,
  pageOf,
  parseTemplateAfmRowId,
  templateAfmRowId,
} from './resource-arguments';
import type { ResourceServices } from './resource-services';
import {
  refnamesOf,
  restrictedTemplates,
  templateAndAfm,
  templateField,
} from './restricted-templates';

export function templateOperatorsInfo(catalog: TemplateCatalog): ResourceInfo {
  const templates = restrictedTemplates(catalog, 'named_operators');
  return {
    name: 'template-operators',
    title: 'resources.template-operators.title',
    fields: [
      templateField(templates, 'template-operators'),
      { name: 'afm', label: 'resources.template-operators.afm', type: 'text', filterable: true },
      {
        name: 'created_at',
        label: 'resources.template-operators.added',
        type: 'datetime',
        filterable: false,
      },
    ],
    row_actions: [{ name: 'remove', label: 'resources.actions.delete', arguments: [] }],
    resource_actions: [
      {
        name: 'add',
        label: 'resources.actions.addOperator',
        arguments: ['template', 'afm'],
        choices: { template: refnamesOf(templates) },
      },
    ],
  };
}

type Row = { template_refname: string; afm: string; created_at: Date | string };

const rowOf = (row: Row) => ({
  id: templateAfmRowId(row.template_refname, row.afm),
  template: row.template_refname,
  afm: row.afm,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The named operators of an entity's restricted templates (issue #37): the tax numbers that may
 * use a template declaring `restrictions.named_operators`, kept by the entity the template names
 * (`entity`). Its heads list, add and remove them.
 */
export async function runTemplateOperatorsAction(
  services: ResourceServices,
  input: { entityId: string; userId: string; locale: Locale; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { db, catalog } = services;
  const { entityId, request } = input;
  switch (request.action) {
    case 'list': {
      const { limit, offset } = pageOf(request);
      const templateFilter = filterOf(request, 'template');
      const afmFilter = filterOf(request, 'afm');
      let base = db.selectFrom('template_named_operators').where('entity_id', '=', entityId);
      if (templateFilter)
        base = base.where('template_refname', 'ilike', containsPattern(templateFilter));
      if (afmFilter) base = base.where('afm', '=', afmFilter);
      const [rows, total] = await Promise.all([
        base
          .select(['template_refname', 'afm', 'created_at'])
          .orderBy('template_refname')
          .orderBy('afm')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(rowOf), meta: { count: Number(total.n), limit, offset } };
    }
    case 'add': {
      const { refname, afm } = templateAndAfm(request);
      const entity = await db
        .selectFrom('entities')
        .select('codename')
        .where('id', '=', entityId)
        .executeTakeFirstOrThrow();
      const template = restrictedTemplates(catalog, 'named_operators').find(
        (t) => t.refname === refname,
      );
      // Only the entity a template names keeps its list.
      if (!template || template.entity !== entity.codename) {
        throw new AppError(422, 'template_not_grantable');
      }
      const row = await db
        .insertInto('template_named_operators')
        .values({
          template_refname: template.refname,
          afm,
          entity_id: entityId,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['template_refname', 'afm']).doNothing())
        .returning(['template_refname', 'afm', 'created_at'])
        .executeTakeFirst();
      if (!row) throw new AppError(409, 'template_permission_exists');
      return { data: [rowOf(row)] };
    }
    case 'remove': {
      const id = parseTemplateAfmRowId(request.object_id);
      const found = id
        ? await db
            .deleteFrom('template_named_operators')
            .where('entity_id', '=', entityId)
            .where('template_refname', '=', id.refname)
            .where('afm', '=', id.afm)
            .returning('afm')
            .executeTakeFirst()
        : undefined;
      if (!found) throw new AppError(404, 'not_found');
      return { data: [] };
    }
    default:
      throw new AppError(400, 'resource_action_not_found');
  }
}
