import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { vi } from 'vitest';
import type { AppConfig } from '@dilosi/domain';
import type { CurrentUser } from '../api/auth';
import { AppProviders, queryClient } from '../app/providers';
import { AppRoutes } from '../app/router';
import { STORAGE_KEYS } from '../lib/storage';
import { server } from './setup';

export const TEST_APP_CONFIG: AppConfig = {
  flags: {
    DEVEL: false,
    DASHBOARD_ENABLED: false,
    CITIZENINBOX_ENABLED: false,
    REFCODE_ENABLED: true,
  },
  settings: {
    LANDING_PAGE_URL: null,
    VALIDATION_DEFAULT_CONTEXT: 'default',
    INBOX_STATES: ['A', 'B', 'C'],
    ISSUE_NOTIFICATION_TITLE: null,
    ISSUE_NOTIFICATION_MESSAGE: null,
    FILE_MAX_SIZE: 10 * 1024 * 1024,
    COMMUNICATIONS_MESSAGE_MAX_SIZE: 4000,
    USER_INBOX_INCOMING_LIMIT: 20,
    USER_INBOX_RETRIEVED_LIMIT: 20,
    LANGUAGES: ['el', 'en', 'fr'],
    VERSION: 'test',
  },
};

export const TEST_USER: CurrentUser = {
  id: '6f1c2a52-0c4e-4e51-9d8e-2b6f0f3f8a11',
  is_admin: false,
  anonymous_login: false,
  firstname: 'ΜΑΡΙΑ',
  surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  afm: '094014201',
  email: null,
  username: null,
  display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
  login_provider: 'gsis',
  ask_mobile_use_nnc_onboarding: false,
  mobile_flow_done: true,
  mobile_certified_login: false,
  mobile: '6912345678',
  mobile_certified: true,
  claims: ['gsis_login'],
};

/** An anonymous session (issue #37): no name, no tax number, no mobile. */
export const ANONYMOUS_USER: CurrentUser = {
  ...TEST_USER,
  anonymous_login: true,
  firstname: null,
  surname: null,
  afm: null,
  display_name: null,
  login_provider: 'anon',
  mobile: null,
  mobile_certified: false,
  claims: ['anonymous_login'],
};

/**
 * Renders the whole SPA as main.tsx does (the app's providers and query client, BrowserRouter,
 * the route tree) at `url`, logged in as TEST_USER. `strict` adds StrictMode, whose development
 * remount of every component also cancels and repeats the first requests: without it, requests
 * are counted as production sends them. The shell's own requests
 * (configuration, profile) are answered here; the test adds the page's with `server.use`.
 * The address is jsdom's: read it from `window.location`.
 */
export function renderApp(
  url: string,
  {
    strict = false,
    user: me = TEST_USER,
    config = TEST_APP_CONFIG,
    profile = () => HttpResponse.json(me),
    signedIn = true,
  }: {
    strict?: boolean;
    /** false: no session in the browser's storage (a visitor). */
    signedIn?: boolean;
    user?: CurrentUser;
    config?: AppConfig;
    /** The answer to GET /api/users/me; the user's profile unless given. */
    profile?: () => Response;
  } = {},
) {
  queryClient.clear();
  window.localStorage.clear();
  if (signedIn) {
    window.localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ token: 'test-session-token', user: me }),
    );
  }
  window.localStorage.setItem(STORAGE_KEYS.cookies, 'accepted');
  window.history.replaceState(null, '', url);
  // jsdom has no scrolling; the shell scrolls to the top after each navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  server.use(
    http.get('/api/appconfig/', () => HttpResponse.json(config)),
    http.get('/api/users/me', profile),
  );
  const user = userEvent.setup();
  const app = (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, user, main: () => screen.getByRole('main') };
}

/** The app's query client, for a test that makes the app ask again (a refetch). */
export { queryClient as appQueryClient };

/** The path and query of jsdom's address. */
export function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
