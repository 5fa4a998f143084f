import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:8080';
// `npm run dev`: the API process (packages/server) serves these paths.
const apiProxy = Object.fromEntries(
  ['/api', '/healthz', '/metrics', '/idp'].map((prefix) => [prefix, apiTarget]),
);
const domainSource = fileURLToPath(new URL('../domain/src/', import.meta.url));
const lite = (file: string) => fileURLToPath(new URL(`./src/i18n/lite/${file}`, import.meta.url));
/** i18next and react-i18next run as our small subset of them (docs/decisions.md); types stay theirs. */
export const i18nLiteAliases = [
  { find: /^i18next$/, replacement: lite('i18next-lite.ts') },
  { find: /^react-i18next$/, replacement: lite('react-i18next-lite.ts') },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: i18nLiteAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP forbids inline scripts and styles, so nothing is inlined as a data: URL.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The domain package is pure (no top-level effects): let unused schemas and zod drop out.
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(domainSource),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page needs, in one long-cached chunk. Lazy-only libraries
              // (marked) are not listed, so they stay out of the initial download.
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
