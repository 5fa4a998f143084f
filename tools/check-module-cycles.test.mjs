import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findModuleCycles } from './check-module-cycles.mjs';

let root;
function sources(files) {
  root = mkdtempSync(join(tmpdir(), 'module-cycles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-module-cycles', () => {
  it('finds no cycle when imports flow one way', () => {
    const { components, graph } = findModuleCycles(
      sources({
        'modules/a/index.ts': "import { b } from '../b';\nimport { x } from '../../lib/x';",
        'modules/b/index.ts': "import type { X } from '../../lib/x';\nimport { z } from 'zod';",
        'lib/x.ts': 'export const x = 1;',
      }),
    );
    expect(components).toEqual([]);
    expect([...graph.get('modules/a').keys()].sort()).toEqual(['lib', 'modules/b']);
  });

  it('finds a cycle through type-only, re-exported and multi-line imports', () => {
    const { components } = findModuleCycles(
      sources({
        'modules/auth/login.ts': "import {\n  deliver,\n  type D,\n} from '../messages';",
        'modules/messages/index.ts': "export { send } from './send';",
        'modules/messages/send.ts': "import type { User } from '../auth';",
        'modules/auth/index.ts': "export * from './login';",
      }),
    );
    expect(components).toEqual([['modules/auth', 'modules/messages']]);
  });

  it('leaves out the allowed edges and the tests', () => {
    const { components } = findModuleCycles(
      sources({
        'notify/notifier.ts': "import type { JobQueue } from '../jobs/queue';",
        'jobs/registry.ts': "import { notifyJob } from '../notify/notify-jobs';",
        'lib/a.ts': "import { b } from './b';",
        'lib/a.test.ts': "import { jobs } from '../jobs/registry';",
        'jobs/queue.ts': "import { a } from '../lib/a';\nconst later = () => import('../lib/a');",
      }),
      new Map([['notify -> jobs', 'the queue type']]),
    );
    expect(components).toEqual([]);
  });
});
