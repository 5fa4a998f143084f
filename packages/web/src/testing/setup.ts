import { cleanup, configure } from '@testing-library/react';
import i18n, { type Resource } from 'i18next';
import { http, HttpResponse } from 'msw';
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
// over a second on a busy two-core machine (two test files at a time; a CI run saw a find pass
// 5 s at load 8). findBy* waits up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });

/**
 * The mock API; tests add handlers with `server.use(...)`, which take precedence. The only
 * defaults are the dashboard workspace's sidebar requests (issue #39), which every dashboard
 * page makes: no entity, and a layout with no pages; and what every list of cases reads for its
 * search panel (issue #41): no saved views, no templates, no clerks to pick, no annotations.
 */
export const server = setupServer(
  http.get('/api/entities', () => HttpResponse.json({ data: [] })),
  http.get('/api/gates/:codename/gate/layout', () =>
    HttpResponse.json({ data: { 'nav-actions': [], 'landing-url': null } }),
  ),
  http.get('/api/entity/:e/saved-views', () => HttpResponse.json({ data: [] })),
  http.get('/api/entity/:e/inbox-templates', () => HttpResponse.json({ data: [] })),
  http.get('/api/entities/:e/active-clerk-permissions', () => HttpResponse.json({ data: [] })),
  // The entity's annotation fields (issue #41): none, so no panel and no filter.
  http.get('/api/entity/:e/annotation-fields', () => HttpResponse.json({ data: [] })),
  // Spreadsheet exports (issue #41): none yet.
  http.get('/api/entity/:e/exports', () => HttpResponse.json({ data: [] })),
  http.get('/api/entity/:e/inbox/:i/annotations', () =>
    HttpResponse.json({ data: { fields: [], values: [] } }),
  ),
  // A document's joint declaration (issue #35), read by the wizard, done and vault pages: none.
  http.get('/api/joint/documents/:id/consent', () =>
    HttpResponse.json({ data: { consent: null } }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
