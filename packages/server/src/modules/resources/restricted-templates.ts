import {
  isValidAfm,
  type ResourceActionRequest,
  type ResourceField,
  type Template,
} from '@dilosi/domain';
import type { TemplateCatalog } from '../templates';
import { invalidArguments } from './resource-arguments';

/**
 * What the two resources of restricted templates share (issue #37): the named operators
 * (`template-operators`) and the permitted employers (`template-employers`), each a list of tax
 * numbers kept per template by the entity the template names.
 */
export type TemplateRestriction = 'named_operators' | 'permitted_employers';

/** The templates declaring a restriction, by refname. */
export function restrictedTemplates(
  catalog: TemplateCatalog,
  restriction: TemplateRestriction,
): Template[] {
  return catalog.list().filter((template) => template.restrictions[restriction] === true);
}

/**
 * The `template` column: filterable by refname, each refname named by its template's title, which
 * the list, its filter and the add form show in the reader's language.
 */
export function templateField(templates: readonly Template[], resource: string): ResourceField {
  return {
    name: 'template',
    label: `resources.${resource}.template`,
    type: 'text',
    filterable: true,
    value_titles: Object.fromEntries(
      templates.map((template) => [template.refname, template.title]),
    ),
  };
}

/** The refnames of those templates, sorted: the add form's choice. */
export const refnamesOf = (templates: readonly Template[]): string[] =>
  templates.map((template) => template.refname).sort();

/** `add`'s template and tax number, trimmed: both required, the tax number a valid one. */
export function templateAndAfm(request: ResourceActionRequest): { refname: string; afm: string } {
  const refname = request.arguments.template;
  if (typeof refname !== 'string' || refname.trim() === '')
    throw invalidArguments('template', 'required');
  const afm = request.arguments.afm;
  if (typeof afm !== 'string' || afm.trim() === '') throw invalidArguments('afm', 'required');
  if (!isValidAfm(afm.trim())) throw invalidArguments('afm', 'afm_invalid');
  return { refname: refname.trim(), afm: afm.trim() };
}
