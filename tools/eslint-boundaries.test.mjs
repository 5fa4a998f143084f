import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './eslint-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const web = (file) => `/repo/packages/web/src/${file}`;
const server = (file) => `/repo/packages/server/src/${file}`;
const boundary = [{ messageId: 'boundary' }];

tester.run('boundaries/zones', boundaries.rules.zones, {
  valid: [
    { filename: web('features/documents/done-page.tsx'), code: "import './api/get-document';" },
    {
      filename: web('features/documents/renderer/field.tsx'),
      code: "import { x } from '../api/get-document';",
    },
    { filename: web('features/documents/done-page.tsx'), code: "import '../../ui/toasts';" },
    { filename: web('app/router.tsx'), code: "import '../features/documents/done-page';" },
    { filename: web('ui/header.tsx'), code: "import '../config/paths';" },
    { filename: server('modules/issuance/x.ts'), code: "import { y } from '../documents';" },
    { filename: server('modules/issuance/x.ts'), code: "import { y } from '../documents/index';" },
    { filename: server('modules/issuance/x.ts'), code: "import { y } from './otp';" },
    { filename: server('jobs/registry.ts'), code: "import { y } from '../modules/issuance';" },
    { filename: server('modules/issuance/x.ts'), code: "import { y } from '../../lib/app-error';" },
    { filename: server('modules/issuance/x.ts'), code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: web('features/templates/page.tsx'),
      code: "import { x } from '../documents/api/get-document';",
      errors: boundary,
    },
    {
      filename: web('features/templates/deep/page.tsx'),
      code: "export { x } from '../../documents/done-page';",
      errors: boundary,
    },
    {
      filename: web('features/templates/page.tsx'),
      code: "const m = () => import('../validation/validate-page');",
      errors: boundary,
    },
    {
      filename: web('ui/header.tsx'),
      code: "import '../features/auth/user-menu';",
      errors: boundary,
    },
    { filename: web('ui/header.tsx'), code: "import '../app/router';", errors: boundary },
    {
      filename: web('features/auth/login-page.tsx'),
      code: "import '../../app/providers';",
      errors: boundary,
    },
    {
      filename: server('modules/issuance/x.ts'),
      code: "import type { A } from '../auth/sessions';",
      errors: boundary,
    },
    {
      filename: server('pdf/seal.ts'),
      code: "import { s } from '../modules/auth/stored-secret';",
      errors: boundary,
    },
    {
      filename: server('jobs/definitions/retention.ts'),
      code: "import { p } from '../../modules/issuance/purge-expired-documents';",
      errors: boundary,
    },
  ],
});
