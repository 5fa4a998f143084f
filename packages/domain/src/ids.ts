const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is a UUID, the form of every id in the database (documents, cases, messages,
 * entities, users, permissions). Checked before a query so that anything else is a plain "not
 * found", never a database error from the uuid column.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
