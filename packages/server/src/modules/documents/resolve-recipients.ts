import type { FieldError, LocalizedText, StepField } from '@dilosi/domain';
import { cachedStatement } from '../../db/cached-statement';
import type { Queryable } from './document-queries';

/** An entity a document may be addressed to, by its codename (each recipient step reads it). */
const addressableEntity = cachedStatement((db, { codename }: { codename: string }) =>
  db
    .selectFrom('entities')
    .select(['codename', 'display_name'])
    .where('codename', '=', codename)
    .where('enabled', '=', true)
    .where('is_addressable', '=', true),
);

function fullText(text: { el: string; en?: string; fr?: string }): LocalizedText {
  return { el: text.el, en: text.en ?? text.el, fr: text.fr ?? text.el };
}

/**
 * The server's part of checking a recipient: an entity must exist, be enabled and
 * addressable; its name is taken from the entities table, whatever the client sent.
 * Answers the values with entity names filled in and the recipient fields refused.
 */
export async function resolveRecipients(
  db: Queryable,
  fields: readonly StepField[],
  values: Record<string, unknown>,
): Promise<{ values: Record<string, unknown>; errors: FieldError[] }> {
  const resolved = { ...values };
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (field.component !== 'recipient' || !field.editable) continue;
    const value = resolved[field.key] as { type?: unknown; codename?: unknown } | undefined;
    if (typeof value !== 'object' || value === null || value.type !== 'entity') continue;
    const entity =
      typeof value.codename === 'string'
        ? await addressableEntity.executeTakeFirst(db, { codename: value.codename })
        : undefined;
    if (!entity) {
      errors.push({ field: field.key, error: { code: 'recipient_invalid' } });
      continue;
    }
    resolved[field.key] = {
      type: 'entity',
      codename: entity.codename,
      name: fullText(entity.display_name),
    };
  }
  return { values: resolved, errors };
}
