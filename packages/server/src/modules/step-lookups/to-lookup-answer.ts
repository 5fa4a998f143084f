import {
  REGISTRY_ERROR_CODES,
  type ErrorCode,
  type RegistryName,
  type StepLookupAnswer,
} from '@dilosi/domain';
import type { Selectable } from 'kysely';
import type { RegistryLookupsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type LookupRow = Selectable<RegistryLookupsTable>;

const isErrorCode = (code: string): code is ErrorCode =>
  (REGISTRY_ERROR_CODES as readonly string[]).includes(code);

/**
 * A look-up as its poll answers it: pending or notpending with where each value came from; a
 * failed one is a 400 with its code, `data.retry` when asking again may help (the registry was
 * busy or down: `*_try_later`).
 */
export function toLookupAnswer(row: LookupRow): StepLookupAnswer {
  if (row.status === 'failed') {
    const code =
      row.error_code && isErrorCode(row.error_code) ? row.error_code : 'interop_clienterror';
    throw new AppError(400, code, { poll_id: row.id, retry: code.endsWith('_try_later') });
  }
  return {
    status: row.status === 'pending' ? 'pending' : 'notpending',
    poll_id: row.id,
    sources: row.results.map((result) => ({
      registry: result.registry as RegistryName,
      fields: result.fields,
      fetched_at: result.fetched_at,
    })),
  };
}
