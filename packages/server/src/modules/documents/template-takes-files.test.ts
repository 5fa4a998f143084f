import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listOfParamsSchema, templateSchema, type Template } from '@dilosi/domain';
import { describe, expect, it } from 'vitest';
import { templateTakesFiles } from './document-queries';

const load = (refname: string): Template =>
  templateSchema.parse(
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL(`../../../templates/${refname}.json`, import.meta.url)),
        'utf8',
      ),
    ),
  );

describe('templateTakesFiles (whether listing a document’s files needs a query)', () => {
  it('is true for a template with an attachment field', () => {
    expect(templateTakesFiles(load('application-attachments'))).toBe(true);
    expect(templateTakesFiles(load('dev-all-components'))).toBe(true);
  });

  it('is false for templates without one', () => {
    expect(templateTakesFiles(load('solemn-declaration'))).toBe(false);
    expect(templateTakesFiles(load('authorisation'))).toBe(false);
  });

  it('finds an attachment inside the rows of a list-of field', () => {
    const template = load('solemn-declaration');
    const nested: Template = {
      ...template,
      fields: [
        ...template.fields,
        {
          ...template.fields[0]!,
          key: 'rows',
          component: 'list_of',
          'list-of': {
            ...listOfParamsSchema.parse({ multiplicity: 3 }),
            fields: [{ ...template.fields[0]!, key: 'scan', component: 'attachment' }],
          },
        },
      ],
    };
    expect(templateTakesFiles(nested)).toBe(true);
  });
});
