import { describe, expect, it } from 'vitest';
import { hasWebAddress, isOneLine, isSafeLinkTarget, toPlainLine } from './plain-text';

describe('plain text for SMS and e-mail', () => {
  it('tells one line from text with breaks, controls or direction overrides', () => {
    expect(isOneLine('Δήμος Αθηναίων')).toBe(true);
    expect(isOneLine('Δήμος\nΑθηναίων')).toBe(false);
    expect(isOneLine('Δήμος\r')).toBe(false);
    expect(isOneLine('Δήμος\u2028Αθηναίων')).toBe(false);
    expect(isOneLine('Δήμος\u202Eνωίανηθ')).toBe(false);
  });

  it.each([
    'https://evil.example',
    'see evil.com now',
    'www.evil.gr',
    'info@evil.eu',
    'ftp://x',
    'δήμος.ελ',
    'HTTP://EVIL',
    'xn--hxajbheg2az3al.xn--qxam',
  ])('finds a web address in %s', (text) => {
    expect(hasWebAddress(text)).toBe(true);
  });

  it.each(['Δήμος Αθηναίων', 'Α.Α.Δ.Ε.', 'e-EFKA', 'U.S.A.', 'Ν. 1599/1986', 'Dept. Finance'])(
    'finds none in %s',
    (text) => {
      expect(hasWebAddress(text)).toBe(false);
    },
  );

  it('makes any text one plain line with its addresses defanged', () => {
    expect(toPlainLine('  Δήμος\n\nΑθηναίων\t ')).toBe('Δήμος Αθηναίων');
    expect(toPlainLine('Δήμος\nΚαλέστε https://evil.example/pay?x=1')).toBe(
      'Δήμος Καλέστε https[:]//evil[.]example/pay?x=1',
    );
    expect(toPlainLine('Visit www.evil.com, or mail a@b.gr')).toBe(
      'Visit www[.]evil[.]com, or mail a@b[.]gr',
    );
    expect(toPlainLine('Α.Α.Δ.Ε. <b>')).toBe('Α.Α.Δ.Ε. <b>');
    expect(hasWebAddress(toPlainLine('evil.com https://x.y'))).toBe(false);
  });
});

describe('isSafeLinkTarget', () => {
  it.each(['https://www.dypa.gov.gr', 'http://example.gr/a?b=1#c', '/templates', '/'])(
    'accepts %s',
    (target) => {
      expect(isSafeLinkTarget(target)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'https:evil.example',
    'https:///evil',
    'evil.example',
    ' https://x.gr',
    '',
  ])('refuses %j', (target) => {
    expect(isSafeLinkTarget(target)).toBe(false);
  });
});
