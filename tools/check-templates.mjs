// npm run templates:check — validates every template of the catalogue (or of the folder given)
// with the checks the server runs at start, and prints every problem, one line each naming the
// file and the field: `templates/foo.json: fields.3.label.fr: Invalid input: expected string`.
// Exit code 1 when a file has a problem. docs/templates.md explains each check.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalog } from '../packages/server/src/modules/templates/load-catalog.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dir = path.resolve(process.argv[2] ?? path.join(root, 'packages/server/templates'));
const started = performance.now();
const { templates, problems } = await checkCatalog(dir);
for (const problem of problems) console.error(problem);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in ${dir} (${templates.length} template(s) fine)`);
  process.exit(1);
}
console.log(`${templates.length} templates fine in ${seconds} s`);
