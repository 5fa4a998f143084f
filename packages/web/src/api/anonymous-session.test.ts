import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { server } from '../testing/setup';
import {
  anonymousTemplate,
  isAnonymousSession,
  rememberAnonymousTemplate,
  restartAnonymousSession,
  RESTART_GUARD_MS,
} from './anonymous-session';
import { readSession } from './session-token';

const storeSession = (anonymous: boolean) =>
  window.localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({ token: 'anon-token', user: { anonymous_login: anonymous } }),
  );

describe('an anonymous session refused by the server (issue #37)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/my?tab=1');
    server.use(http.post('/api/logout', () => new HttpResponse(null, { status: 204 })));
  });

  it('is told from a citizen’s by the stored user', () => {
    storeSession(true);
    expect(isAnonymousSession()).toBe(true);
    storeSession(false);
    expect(isAnonymousSession()).toBe(false);
  });

  it('logs out and starts authentication again at the same page, not twice within 60 s', () => {
    storeSession(true);
    const visited: string[] = [];
    const start = 1_000_000;
    expect(restartAnonymousSession(start, (url) => visited.push(url))).toBe(true);
    expect(visited).toEqual(['/login?next=%2Fmy%3Ftab%3D1']);
    expect(readSession()).toBeNull();

    storeSession(true);
    expect(restartAnonymousSession(start + 30_000, (url) => visited.push(url))).toBe(false);
    expect(visited).toHaveLength(1);
    expect(readSession()).not.toBeNull();

    expect(restartAnonymousSession(start + RESTART_GUARD_MS + 1, (url) => visited.push(url))).toBe(
      true,
    );
    expect(visited).toHaveLength(2);
  });

  it('remembers the template it started, its home', () => {
    expect(anonymousTemplate()).toBeNull();
    rememberAnonymousTemplate('anonymous-complaint');
    expect(anonymousTemplate()).toBe('anonymous-complaint');
  });
});
