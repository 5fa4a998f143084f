// Which of the server's test files open a database: those run a second time on PostgreSQL.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OPENS_DATABASE = /\b(createTestApp|createTestDatabase|TEST_DATABASE_URL)\b/;
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');

/** Whether a file, or a test helper it imports (relative, under packages/server/test), opens one. */
export function opensDatabase(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (OPENS_DATABASE.test(text)) return true;
  for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(path.join(serverRoot, 'test'))) continue;
    const candidate = [`${target}.ts`, path.join(target, 'index.ts'), target].find(
      (f) => existsSync(f) && f.endsWith('.ts'),
    );
    if (candidate && opensDatabase(candidate, seen)) return true;
  }
  return false;
}

export function serverTestFiles(dir = serverRoot) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : serverTestFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The server's test files that open a database, themselves or through a test helper. */
export function serverDatabaseTestFiles() {
  return serverTestFiles().filter((file) => opensDatabase(file));
}
