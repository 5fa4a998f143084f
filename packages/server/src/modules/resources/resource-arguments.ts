import { RESOURCE_PAGE_SIZE, type ResourceActionRequest } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';

/** A 400 naming the argument at fault, the way the other forms' errors do. */
export function invalidArguments(field: string, code: string): AppError {
  return new AppError(400, 'invalid_request', {
    invalid_fields: [{ invalid_field: `arguments.${field}`, error_info: { code } }],
  });
}

/** `list`'s page: `offset` from the arguments, the page size fixed (spec section 9). */
export function pageOf(request: ResourceActionRequest): { limit: number; offset: number } {
  const offset = request.arguments.offset ?? 0;
  if (typeof offset !== 'number') throw invalidArguments('offset', 'invalid');
  return { limit: RESOURCE_PAGE_SIZE, offset };
}

/** A text filter of `list`, trimmed; empty means none. */
export function filterOf(request: ResourceActionRequest, name: string): string | undefined {
  const value = request.arguments[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidArguments(name, 'invalid');
  return value.trim() || undefined;
}

/** The id of a row kept per template and tax number (named operators, permitted employers). */
export const templateAfmRowId = (refname: string, afm: string) => `${refname}:${afm}`;

/** The template and tax number of such a row's id (split at its last colon), or null. */
export function parseTemplateAfmRowId(
  objectId: string | undefined,
): { refname: string; afm: string } | null {
  const [refname, afm] = (objectId ?? '').split(/:(?=[^:]*$)/);
  return refname && afm ? { refname, afm } : null;
}

/** A `list` text filter as an ILIKE pattern: the text anywhere, its wildcards taken literally. */
export const containsPattern = (filter: string) =>
  `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
