import type { DocumentPreview, Recipient } from './api-document';
import { LOCALES, type Locale } from '../locales';
import type { LocalizedText, Template, TemplateField } from '../templates/template-schema';

/**
 * The document text as it will be issued, with the values filled in, in every language (spec
 * section 2, preview; the PDF of the issuance draws the same thing, in Greek). Pure: the server computes it for the preview step
 * and the PDF; nothing here reads a clock or a database.
 */

/** How one value reads in the document, in one language. */
export function displayValue(field: TemplateField, value: unknown, locale: Locale): string {
  if (value === undefined || value === null || value === '') return '';
  const choiceLabel = (choice: unknown) =>
    field.choices?.find((entry) => entry.value === choice)?.label[locale] ?? String(choice);
  switch (field.component) {
    case 'checkbox':
      return value === true ? LABEL_YES[locale] : LABEL_NO[locale];
    case 'choice':
    case 'radio_choice':
      return choiceLabel(value);
    case 'multiple_choice':
    case 'preference_multiple_choice':
      return Array.isArray(value) ? value.map(choiceLabel).join(', ') : '';
    case 'hierarchical_select': {
      if (!Array.isArray(value)) return '';
      const labels: string[] = [];
      let level = field['component-params'].tree;
      for (const part of value) {
        const node = level?.find((candidate) => candidate.value === part);
        labels.push(node ? node.label[locale] : String(part));
        level = node?.children;
      }
      return labels.join(' / ');
    }
    case 'recipient':
      return recipientName(value as Recipient, locale);
    case 'list_of':
      return Array.isArray(value) ? String(value.length) : '';
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
}

const LABEL_YES: LocalizedText = { el: 'Ναι', en: 'Yes', fr: 'Oui' };
const LABEL_NO: LocalizedText = { el: 'Όχι', en: 'No', fr: 'Non' };

/**
 * A recipient's name; '' for none, and for a value that is not a recipient (a draft may hold
 * anything a client sent before the recipient step checked it).
 */
export function recipientName(recipient: Recipient | null | undefined, locale: Locale): string {
  if (!recipient || typeof recipient !== 'object') return '';
  const name: unknown =
    recipient.type === 'entity'
      ? (recipient.name as Partial<LocalizedText> | undefined)?.[locale]
      : recipient.name;
  return typeof name === 'string' ? name : '';
}

function perLocale(render: (locale: Locale) => string): LocalizedText {
  const [el, en, fr] = LOCALES.map(render) as [string, string, string];
  return { el, en, fr };
}

/** Replaces `{{key}}` with a value and `{{key.label}}` with the field's label. */
export function fillPlaceholders(
  text: string,
  fields: ReadonlyMap<string, TemplateField>,
  values: Record<string, unknown>,
  locale: Locale,
): string {
  return text.replace(/\{\{\s*([a-z][a-z0-9_]*)(\.label)?\s*\}\}/g, (whole, key: string, label) => {
    const field = fields.get(key);
    if (!field) {
      const value = values[key];
      return !label && (typeof value === 'string' || typeof value === 'number')
        ? String(value)
        : whole;
    }
    return label ? field.label[locale] : displayValue(field, values[key], locale);
  });
}

export function renderDocumentPreview(
  template: Template,
  values: Record<string, unknown>,
  recipient: Recipient | null,
): DocumentPreview {
  const fields = new Map(template.fields.map((field) => [field.key, field]));
  const text = template.document;
  const rows = text['value-fields'].flatMap((key) => {
    const field = fields.get(key);
    if (!field) return [];
    return [
      {
        label: field.label,
        value: perLocale((locale) => displayValue(field, values[key], locale)),
      },
    ];
  });
  const tableField = text['table-field'] ? fields.get(text['table-field']) : undefined;
  const columns = tableField?.['list-of']?.fields ?? [];
  const tableRows = Array.isArray(values[tableField?.key ?? ''])
    ? (values[tableField?.key ?? ''] as Record<string, unknown>[])
    : [];
  return {
    heading: text.heading,
    ...(text.subheading ? { subheading: text.subheading } : {}),
    rows,
    // A paragraph that is only an optional field left empty (a reply's note) is no paragraph.
    body: text.body
      .map((paragraph) =>
        perLocale((locale) => fillPlaceholders(paragraph[locale], fields, values, locale)),
      )
      .filter((paragraph) => Object.values(paragraph).some((part) => part.trim() !== '')),
    ...(tableField
      ? {
          table: {
            columns: columns.map((column) => column.label),
            rows: tableRows.map((row) =>
              columns.map((column) =>
                perLocale((locale) => displayValue(column, row[column.key], locale)),
              ),
            ),
          },
        }
      : {}),
    recipient,
  };
}
