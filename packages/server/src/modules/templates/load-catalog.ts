import fs from 'node:fs/promises';
import path from 'node:path';
import {
  isKnownRule,
  TEMPLATE_RULE_FIELD_PARAMS,
  templateSchema,
  stepElementFieldKeys,
  type Template,
} from '@dilosi/domain';
import type { z } from 'zod';
import { loadDatasets } from '../datasets';

/** A template file that cannot be used: the message names the file and the path of the issue. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

function issuePath(issue: z.core.$ZodIssue): string {
  // A union issue points at its most relevant branch; report the deepest path we can.
  return issue.path.map(String).join('.');
}

/** `fields.8.label.fr` as `fields.8 (hosting_address).label.fr`: the author finds the field by key. */
function namedPath(json: unknown, where: string): string {
  const match = /^fields\.(\d+)(.*)$/.exec(where);
  if (!match) return where;
  const fields = (json as { fields?: unknown }).fields;
  const field = Array.isArray(fields) ? (fields[Number(match[1])] as { key?: unknown }) : undefined;
  return typeof field?.key === 'string' ? `fields.${match[1]} (${field.key})${match[2]}` : where;
}

/**
 * What the zod schema cannot see: rule names, fields named by step elements, a case status
 * declared by a template that is no reply.
 */
function checkReferences(template: Template): { path: string; message: string } | null {
  if (template.reply_case_status !== 'none' && !template.entity_use.includes('reply')) {
    return { path: 'reply_case_status', message: 'only a reply template (entity_use "reply")' };
  }
  const fieldKeys = new Set(template.fields.map((field) => field.key));
  for (const [stepIndex, step] of template.steps_spec.steps.entries()) {
    for (const [ruleIndex, ref] of step.rules.entries()) {
      const where = `steps_spec.steps.${stepIndex}.rules.${ruleIndex}`;
      if (!isKnownRule(ref.rule)) {
        return { path: `${where}.rule`, message: `unknown rule "${ref.rule}"` };
      }
      const fieldParams = TEMPLATE_RULE_FIELD_PARAMS[ref.rule];
      for (const name of fieldParams?.lists ?? []) {
        const value = ref.params[name];
        const keys: unknown[] = Array.isArray(value) ? value : [];
        const unknown = keys.find((key) => typeof key !== 'string' || !fieldKeys.has(key));
        if (!Array.isArray(value) || keys.length === 0 || unknown !== undefined) {
          return {
            path: `${where}.params.${name}`,
            message: Array.isArray(value)
              ? `unknown field "${String(unknown)}"`
              : 'a list of field keys is required',
          };
        }
      }
      for (const name of [...(fieldParams?.required ?? []), ...(fieldParams?.optional ?? [])]) {
        const value = ref.params[name];
        const isRequired = fieldParams?.required.includes(name) ?? false;
        if (value === undefined && !isRequired) continue;
        if (typeof value !== 'string' || !fieldKeys.has(value)) {
          return {
            path: `${where}.params.${name}`,
            message: value === undefined ? 'required' : `unknown field "${String(value)}"`,
          };
        }
      }
    }
    for (const [part, elements] of [
      ['elements', step.elements],
      ['footer', step.footer],
    ] as const) {
      for (const [index, element] of elements.entries()) {
        const unknown = stepElementFieldKeys([element]).find((key) => !fieldKeys.has(key));
        if (unknown !== undefined) {
          return {
            path: `steps_spec.steps.${stepIndex}.${part}.${index}`,
            message: `unknown field "${unknown}"`,
          };
        }
      }
    }
  }
  return null;
}

/**
 * Reads every *.json of the catalogue folder and checks it against the template schema, the
 * known template rules and the uniqueness of refnames and codes. The first problem stops the
 * start: `templates/foo.json: steps_spec.steps.0.fieldsets.0.fields.1: unknown field "x"`.
 * A missing folder is an empty catalogue only when `allowMissing` (the default folder).
 */
export async function loadCatalog(
  dir: string,
  options: { allowMissing?: boolean } = {},
): Promise<Template[]> {
  const { templates, problems } = await checkCatalog(dir, options);
  if (problems[0] !== undefined) throw new CatalogError(problems[0]);
  return templates;
}

/**
 * Every problem of every file of the catalogue folder, one line each naming the file and the
 * path of the field (`npm run templates:check` prints them all), and the templates that passed.
 */
export async function checkCatalog(
  dir: string,
  options: { allowMissing?: boolean } = {},
): Promise<{ templates: Template[]; problems: string[] }> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && options.allowMissing) {
      return { templates: [], problems: [] };
    }
    throw new CatalogError(`template catalogue ${dir}: ${(error as Error).message}`);
  }
  const label = (name: string) => `${path.basename(dir)}/${name}`;
  const templates: Template[] = [];
  const { datasets, problems: datasetProblems } = await loadDatasets(path.join(dir, 'datasets'));
  const problems: string[] = datasetProblems.map((problem) => `${path.basename(dir)}/${problem}`);
  const byRefname = new Map<string, string>();
  const byCode = new Map<string, string>();
  for (const name of names) {
    const text = await fs.readFile(path.join(dir, name), 'utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      problems.push(`${label(name)}: invalid JSON: ${(error as Error).message}`);
      continue;
    }
    const parsed = templateSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const where = namedPath(json, issuePath(issue));
        problems.push(`${label(name)}: ${where ? `${where}: ` : ''}${issue.message}`);
      }
      continue;
    }
    const template = parsed.data;
    // A hierarchical select named by its dataset holds the dataset's tree on the server: the
    // values are checked against it; the web reads it level by level (GET /api/datasets/…).
    const unknownDataset = template.fields.findIndex((field) => {
      const name = field['component-params'].dataset;
      if (name === undefined) return false;
      const dataset = datasets.get(name);
      if (!dataset) return true;
      field['component-params'].tree = dataset.tree;
      field['component-params'].levels ??= dataset.levels;
      return false;
    });
    if (unknownDataset >= 0) {
      const field = template.fields[unknownDataset];
      problems.push(
        `${label(name)}: fields.${unknownDataset} (${field?.key}).component-params.dataset: unknown dataset "${field?.['component-params'].dataset}"`,
      );
      continue;
    }
    const problem = checkReferences(template);
    if (problem) {
      problems.push(`${label(name)}: ${problem.path}: ${problem.message}`);
      continue;
    }
    const sameRefname = byRefname.get(template.refname);
    if (sameRefname) {
      problems.push(
        `${label(name)}: refname: "${template.refname}" is already used by ${sameRefname}`,
      );
      continue;
    }
    const sameCode = byCode.get(template.code);
    if (sameCode) {
      problems.push(`${label(name)}: code: "${template.code}" is already used by ${sameCode}`);
      continue;
    }
    byRefname.set(template.refname, label(name));
    byCode.set(template.code, label(name));
    templates.push(template);
  }
  return { templates, problems };
}
