import { defineConfig } from 'vitest/config';
import { i18nLiteAliases } from './packages/web/vite.config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          setupFiles: ['./tools/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'tools',
          include: ['tools/**/*.test.mjs'],
          setupFiles: ['./tools/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          setupFiles: ['./tools/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: i18nLiteAliases },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./tools/test-setup.ts', './packages/web/src/testing/setup.ts'],
          // A page test renders lazy chunks and walks several steps; on a busy two-core
          // machine that passes 5 s without anything being wrong.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          setupFiles: ['./tools/test-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The browser may be slow on a busy CI machine: wait for the page, never for a fixed time.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
