import { cleanup, configure } from '@testing-library/react';
import i18n, { type Resource } from 'i18next';
import { setupServer } from 'msw/node';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '@dilosi/domain';

/**
 * Web tests render with the real catalogs (all namespaces, loaded up front so nothing suspends)
 * and the network mocked only at the edge: a request no handler answers fails the test.
 */
const catalogs = import.meta.glob<Record<string, unknown>>('../../../domain/src/i18n/*/*.json', {
  eager: true,
  import: 'default',
});

const resources: Resource = {};
for (const [path, catalog] of Object.entries(catalogs)) {
  const match = /i18n\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale = '', namespace = ''] = match;
  resources[locale] = { ...resources[locale], [namespace]: catalog };
}

await i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  fallbackLng: false,
  defaultNS: 'ui',
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
  resources,
  interpolation: { escapeValue: false },
});
document.documentElement.lang = DEFAULT_LOCALE;

// A page is a lazy chunk: its first render in a test file waits for the transform, which takes
// over a second on a busy two-core machine. findBy* waits up to 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** The mock API; tests add handlers with `server.use(...)`. */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
