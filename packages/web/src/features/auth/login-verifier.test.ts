import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { beginLogin, takeLoginVerifier, verifierChallenge } from './login-verifier';

describe('login verifier', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('agrees with node:crypto on any verifier (property)', () => {
    const verifierChar = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split(''),
    );
    fc.assert(
      fc.property(fc.string({ unit: verifierChar, minLength: 43, maxLength: 128 }), (verifier) => {
        expect(verifierChallenge(verifier)).toBe(
          createHash('sha256').update(verifier).digest('base64url'),
        );
      }),
    );
  });

  it('answers the RFC 7636 S256 challenge', () => {
    expect(verifierChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('each login start keeps a new verifier for the token page, good for one exchange', () => {
    const first = new URL(beginLogin('gsis', { next: '/vault' }), 'https://dilosi.example');
    const second = new URL(beginLogin('bank'), 'https://dilosi.example');
    expect(first.pathname).toBe('/api/login');
    expect(first.searchParams.get('next')).toBe('/vault');
    const challenge = second.searchParams.get('verifier_challenge');
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.searchParams.get('verifier_challenge')).not.toBe(challenge);

    const verifier = takeLoginVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifierChallenge(verifier ?? '')).toBe(challenge);
    expect(takeLoginVerifier()).toBeNull();
  });
});
