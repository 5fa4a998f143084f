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

/** A template file that cannot be used: the message names the file and the path of the issue. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

function issuePath(issue: z.core.$ZodIssue): string {
  // A union issue points at its most relevant branch; report the deepest path we can.
  return issue.path.map(String).join('.');
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
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && options.allowMissing) return [];
    throw new CatalogError(`template catalogue ${dir}: ${(error as Error).message}`);
  }
  const label = (name: string) => `${path.basename(dir)}/${name}`;
  const templates: Template[] = [];
  const byRefname = new Map<string, string>();
  const byCode = new Map<string, string>();
  for (const name of names) {
    const text = await fs.readFile(path.join(dir, name), 'utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CatalogError(`${label(name)}: invalid JSON: ${(error as Error).message}`);
    }
    const parsed = templateSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? issuePath(issue) : '';
      throw new CatalogError(
        `${label(name)}: ${where ? `${where}: ` : ''}${issue?.message ?? 'invalid template'}`,
      );
    }
    const template = parsed.data;
    const problem = checkReferences(template);
    if (problem) throw new CatalogError(`${label(name)}: ${problem.path}: ${problem.message}`);
    const sameRefname = byRefname.get(template.refname);
    if (sameRefname) {
      throw new CatalogError(
        `${label(name)}: refname: "${template.refname}" is already used by ${sameRefname}`,
      );
    }
    const sameCode = byCode.get(template.code);
    if (sameCode) {
      throw new CatalogError(
        `${label(name)}: code: "${template.code}" is already used by ${sameCode}`,
      );
    }
    byRefname.set(template.refname, label(name));
    byCode.set(template.code, label(name));
    templates.push(template);
  }
  return templates;
}
