import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it.each([
    '/',
    '/vault',
    '/vault/show/ABC?tab=2',
    '/templates/x#step',
    '/dashboard/entities/list',
  ])('keeps the same-origin path %s', (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    'https://elsewhere.example',
    'http://elsewhere.example/vault',
    '//elsewhere.example',
    '///elsewhere.example',
    '/\\elsewhere.example',
    '\\\\elsewhere.example',
    '/\telsewhere',
    ' /vault',
    'javascript:alert(1)',
    'data:text/html,x',
    'vault',
    '',
    '/api/logout',
    '/idp/auth',
    '/vault/../api/users/me',
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
    undefined,
    null,
    42,
    ['/vault'],
    `/${'a'.repeat(3000)}`,
  ])('refuses case %#', (next) => {
    expect(safeNext(next)).toBeNull();
  });

  it('normalises dot segments before deciding', () => {
    expect(safeNext('/vault/../my')).toBe('/my');
    // Encoded slashes stay a path on this site.
    expect(safeNext('/%2F%2Felsewhere.example/../..')).toBe('/');
    expect(safeNext('/%2F%2Felsewhere.example')).toBe('/%2F%2Felsewhere.example');
  });

  /** What a browser does with the answer: it must stay on our origin, on a page path. */
  const landsOnSite = (next: string | null) => {
    if (next === null) return true;
    const url = new URL(next, 'https://dilosi.example/start');
    return (
      url.origin === 'https://dilosi.example' &&
      next.startsWith('/') &&
      !next.startsWith('//') &&
      !next.startsWith('/\\')
    );
  };

  const pieces = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '@',
    ':',
    '?',
    '#',
    '\t',
    '\n',
    'evil.example',
    'https:',
    'javascript:',
    '\u2215',
    '\uff0f',
    'vault',
  );

  it('never answers a URL that leaves the site, whatever the input (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
        ),
        (input) => {
          expect(landsOnSite(safeNext(input))).toBe(true);
          expect(landsOnSite(safeNext(`/${input}`))).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('crafted prefixes followed by anything never lead off the site (property)', () => {
    const prefixes = fc.constantFrom(
      '/.//',
      '/..//',
      '/./..//',
      '/\\',
      '/%2F%2F',
      '/%2f/',
      '/%5C',
      '/%5c/',
      '/\t/',
      '/\n/',
      '/\r//',
      '/\u3000/',
      '/\u2215\u2215',
      '/\uff0f\uff0f',
      '/\u00a0//',
    );
    fc.assert(
      fc.property(prefixes, fc.string({ unit: 'grapheme' }), (prefix, rest) => {
        const next = safeNext(`${prefix}${rest}`);
        if (next === null) return;
        expect(next).toMatch(/^\/($|[^/\\])/);
        expect(new URL(next, 'https://dilosi.example/').origin).toBe('https://dilosi.example');
      }),
      { numRuns: 3000 },
    );
  });
});
