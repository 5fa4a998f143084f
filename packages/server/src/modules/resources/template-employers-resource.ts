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
  invalidArguments,
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

/** The longest employer name kept (a legal entity's full name fits). */
const MAX_NAME = 200;

export function templateEmployersInfo(catalog: TemplateCatalog): ResourceInfo {
  const templates = restrictedTemplates(catalog, 'permitted_employers');
  return {
    name: 'template-employers',
    title: 'resources.template-employers.title',
    fields: [
      templateField(templates, 'template-employers'),
      { name: 'afm', label: 'resources.template-employers.afm', type: 'text', filterable: true },
      {
        name: 'employer_name',
        label: 'resources.template-employers.employer_name',
        type: 'text',
        filterable: false,
      },
      {
        name: 'created_at',
        label: 'resources.template-employers.added',
        type: 'datetime',
        filterable: false,
      },
    ],
    row_actions: [{ name: 'remove', label: 'resources.actions.delete', arguments: [] }],
    resource_actions: [
      {
        name: 'add',
        label: 'resources.actions.addEmployer',
        arguments: ['template', 'afm', 'employer_name'],
        choices: { template: refnamesOf(templates) },
      },
    ],
  };
}

type Row = {
  template_refname: string;
  employer_afm: string;
  employer_name: string;
  created_at: Date | string;
};

const rowOf = (row: Row) => ({
  id: templateAfmRowId(row.template_refname, row.employer_afm),
  template: row.template_refname,
  afm: row.employer_afm,
  employer_name: row.employer_name,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The permitted employers of an entity's restricted templates (issue #37): the employers whose
 * staff may use a template declaring `restrictions.permitted_employers` (the citizen's employers
 * come from the employment registry), kept by the entity the template names (`entity`). Its
 * heads list, add and remove them, as they do the named operators.
 */
export async function runTemplateEmployersAction(
  services: ResourceServices,
  input: { entityId: string; userId: string; locale: Locale; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { db, catalog } = services;
  const { entityId, request } = input;
  const entity = await db
    .selectFrom('entities')
    .select('codename')
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  // The list has no entity column: an entity's rows are those of the templates it owns.
  const owned = restrictedTemplates(catalog, 'permitted_employers')
    .filter((template) => template.entity === entity.codename)
    .map((template) => template.refname);
  switch (request.action) {
    case 'list': {
      const { limit, offset } = pageOf(request);
      if (owned.length === 0) return { data: [], meta: { count: 0, limit, offset } };
      const templateFilter = filterOf(request, 'template');
      const afmFilter = filterOf(request, 'afm');
      let base = db
        .selectFrom('template_permitted_employers')
        .where('template_refname', 'in', owned);
      if (templateFilter)
        base = base.where('template_refname', 'ilike', containsPattern(templateFilter));
      if (afmFilter) base = base.where('employer_afm', '=', afmFilter);
      const [rows, total] = await Promise.all([
        base
          .select(['template_refname', 'employer_afm', 'employer_name', 'created_at'])
          .orderBy('template_refname')
          .orderBy('employer_afm')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(rowOf), meta: { count: Number(total.n), limit, offset } };
    }
    case 'add': {
      const { refname, afm } = templateAndAfm(request);
      const name = request.arguments.employer_name;
      if (typeof name !== 'string' || name.trim() === '')
        throw invalidArguments('employer_name', 'required');
      if (name.trim().length > MAX_NAME) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [
            {
              invalid_field: 'arguments.employer_name',
              error_info: { code: 'text_too_long', params: { max: MAX_NAME } },
            },
          ],
        });
      }
      // Only the entity a template names keeps its list.
      if (!owned.includes(refname)) throw new AppError(422, 'template_not_grantable');
      const row = await db
        .insertInto('template_permitted_employers')
        .values({
          template_refname: refname,
          employer_afm: afm,
          employer_name: name.trim(),
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['template_refname', 'employer_afm']).doNothing())
        .returning(['template_refname', 'employer_afm', 'employer_name', 'created_at'])
        .executeTakeFirst();
      if (!row) throw new AppError(409, 'template_permission_exists');
      return { data: [rowOf(row)] };
    }
    case 'remove': {
      const id = parseTemplateAfmRowId(request.object_id);
      const found =
        id && owned.includes(id.refname)
          ? await db
              .deleteFrom('template_permitted_employers')
              .where('template_refname', '=', id.refname)
              .where('employer_afm', '=', id.afm)
              .returning('employer_afm')
              .executeTakeFirst()
          : undefined;
      if (!found) throw new AppError(404, 'not_found');
      return { data: [] };
    }
    default:
      throw new AppError(400, 'resource_action_not_found');
  }
}
