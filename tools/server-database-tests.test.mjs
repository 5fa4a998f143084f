import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDatabaseTestFiles, serverTestFiles } from './server-database-tests.mjs';

const names = (files) => files.map((file) => path.relative(process.cwd(), file));

describe('the server tests that run again on PostgreSQL', () => {
  const all = names(serverTestFiles());
  const chosen = names(serverDatabaseTestFiles());

  it('takes the API tests, also those that open their database through a helper', () => {
    expect(chosen).toContain('packages/server/test/api/documents.test.ts');
    expect(chosen).toContain('packages/server/test/api/database.test.ts');
    // auth-browser.ts opens it; the test file never names it.
    expect(chosen).toContain('packages/server/test/api/auth-session.test.ts');
    expect(chosen).toContain('packages/server/src/jobs/queue.test.ts');
  });

  it('leaves the tests that never open one', () => {
    expect(all).toContain('packages/server/src/pdf/fonts.test.ts');
    expect(chosen).not.toContain('packages/server/src/pdf/fonts.test.ts');
    expect(chosen).not.toContain('packages/server/src/db/pglite-protocol.test.ts');
    expect(chosen.length).toBeLessThan(all.length);
  });
});
