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
});
