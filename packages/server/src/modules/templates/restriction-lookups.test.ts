import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { bindRegistry, type RegistryPort, type RegistryRecord } from '../registry';
import { employersOf, isCertifiedTranslator } from './restriction-lookups';

/** A database handle bound to a port answering from `records` (by registry, then key). */
function withRegistry(records: Record<string, Record<string, RegistryRecord>>): Database {
  const database = {} as Database;
  const port: RegistryPort = {
    isAvailable: true,
    lookup: async (registry, key) => ({
      registry,
      data: records[registry]?.[key] ?? null,
      fetchedAt: new Date().toISOString(),
    }),
    status: () => ({ adapter: 'gateway', circuit: 'closed', lastLatencyMs: null }),
    close: async () => {},
  };
  bindRegistry(database, port);
  return database;
}

/** Issue #37: how the restrictions read the translator and employer registries' answers. */
describe('the restrictions’ registry look-ups', () => {
  it('a translator passes only while registered', async () => {
    const database = withRegistry({
      translator: {
        '100000015': { afm: '100000015', status: 'registered' },
        '100000088': { afm: '100000088', status: 'struck_off' },
      },
    });
    expect(await isCertifiedTranslator(database, '100000015')).toBe(true);
    expect(await isCertifiedTranslator(database, '100000088')).toBe(false);
    expect(await isCertifiedTranslator(database, '100000027')).toBe(false);
  });

  it('employers are the registry’s list; none when it does not know the person', async () => {
    const database = withRegistry({
      employer: {
        '100000015': {
          afm: '100000015',
          employers: [
            { afm: '090025537', name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' },
            { afm: '998877666', name: 'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ', since: '2020-01-01' },
          ],
        },
        '100000039': { afm: '100000039', employers: [] },
      },
    });
    expect(await employersOf(database, '100000015')).toEqual([
      { afm: '090025537', name: 'ΔΗΜΟΣ ΑΘΗΝΑΙΩΝ' },
      { afm: '998877666', name: 'ΚΟΙΝΩΦΕΛΗΣ ΕΠΙΧΕΙΡΗΣΗ' },
    ]);
    expect(await employersOf(database, '100000039')).toEqual([]);
    expect(await employersOf(database, '100000027')).toEqual([]);
  });

  it('a malformed list is the registry’s error, not “no employer”', async () => {
    for (const employers of ['090025537', [{ afm: 90025537, name: 'X' }], [null]]) {
      const database = withRegistry({ employer: { '100000015': { employers } } });
      const failure = await employersOf(database, '100000015').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe('interop_clienterror');
    }
  });
});
