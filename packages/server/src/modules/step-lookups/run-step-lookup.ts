import {
  registryLookupMachine,
  registryNotFound,
  registryTryLater,
  transition,
  type RegistryName,
} from '@dilosi/domain';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import type { RegistryLookupResult } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { computeDigest } from '../documents';
import { registryOf } from '../registry';

/** A registry attribute as a form value: text, or nothing. */
function formValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The `registry-lookup` job's work: asks each registry of the run's plan (through the port,
 * cached per document), then writes the values into the draft, if it is still editing at that
 * step, and marks the run done with where each value came from; or marks it failed with the
 * first registry's error code (`<registry>_not_found`, `<registry>_try_later`,
 * `interop_clienterror`).
 */
export async function runStepLookup(database: Database, lookupId: string): Promise<void> {
  const { db } = database;
  const run = await db
    .selectFrom('registry_lookups')
    .selectAll()
    .where('id', '=', lookupId)
    .executeTakeFirst();
  if (!run || run.status !== 'pending') return;
  const registry = registryOf(database);
  const filled: Record<string, string> = {};
  const results: RegistryLookupResult[] = [];
  let errorCode: string | null = null;
  for (const item of run.plan) {
    const name = item.registry as RegistryName;
    try {
      if (!registry.isAvailable) throw new AppError(400, registryTryLater(name));
      const answer = await registry.lookup(name, item.key, { documentId: run.document_id });
      if (!answer.data) {
        errorCode = registryNotFound(name);
        break;
      }
      const fields: string[] = [];
      for (const [field, attribute] of Object.entries(item.fields)) {
        const value = formValue(answer.data[attribute]);
        if (value === undefined) continue;
        filled[field] = value;
        fields.push(field);
      }
      results.push({ registry: name, fields: fields.sort(), fetched_at: answer.fetchedAt });
    } catch (error) {
      errorCode = error instanceof AppError ? error.code : registryTryLater(name);
      break;
    }
  }

  await db.transaction().execute(async (trx) => {
    const document = await trx
      .selectFrom('documents')
      .select(['id', 'state', 'step', 'values', 'recipient'])
      .where('id', '=', run.document_id)
      .forUpdate()
      .executeTakeFirst();
    if (errorCode === null && document?.state === 'editing' && document.step === run.step) {
      const values = { ...document.values, ...filled };
      await trx
        .updateTable('documents')
        .set({
          values: JSON.stringify(values),
          digest: computeDigest({ values, recipient: document.recipient, step: document.step }),
          updated_at: now(),
        })
        .where('id', '=', document.id)
        .execute();
    }
    const moved = transition(
      registryLookupMachine,
      run.status,
      errorCode === null ? 'finish' : 'fail',
    );
    if (!moved.ok || moved.state === null) return;
    await trx
      .updateTable('registry_lookups')
      .set({
        status: moved.state,
        error_code: errorCode,
        results: JSON.stringify(results),
        finished_at: now(),
      })
      .where('id', '=', run.id)
      .where('status', '=', 'pending')
      .execute();
  });
}
