import { migrate } from '../../src/db/migrate';
import type { Database } from '../../src/db/database';
import { createNotifier, type Notifier, type NotifierDependencies } from '../../src/notify';
import { createTestDatabase, testConfig } from '../helpers';

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A clean, migrated database for one test file. */
export async function createNotifyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrated: true });
  await migrate(database);
  return database;
}

/** A notifier without a job queue (tests deliver with deliverPending), configured by env. */
export function testNotifier(
  database: Database,
  env: Record<string, string> = {},
  jobs: NotifierDependencies['jobs'] = null,
): Notifier {
  return createNotifier({ database, jobs, config: testConfig(env) });
}

export const otpSms = (to = '6912345678') => ({
  channel: 'sms' as const,
  to,
  key: 'otp_sms' as const,
  locale: 'el' as const,
  params: { code: '482913', minutes: 5 },
});

export const documentEmail = (to = 'maria@example.gr') => ({
  channel: 'email' as const,
  to,
  key: 'document_email' as const,
  locale: 'el' as const,
  params: {
    title: { el: 'Υπεύθυνη δήλωση', en: 'Solemn declaration' },
    reference_code: 'ABCD-EFGH-JKLM',
    url: 'https://dilosi.example.gr/d/ABCD-EFGH-JKLM',
  },
});

export async function outboxRows(database: Database) {
  return database.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();
}
