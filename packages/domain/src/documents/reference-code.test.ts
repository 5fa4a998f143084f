import { describe, expect, it } from 'vitest';
import {
  formatReferenceCode,
  parseReferenceCode,
  REFERENCE_CODE_LENGTH,
  referenceCodeFromRandomBytes,
} from './reference-code';

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('reference codes', () => {
  it('are 16 symbols of Crockford base 32 and parse back to themselves', () => {
    for (let index = 0; index < 200; index += 1) {
      const code = referenceCodeFromRandomBytes(randomBytes(10));
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(parseReferenceCode(code)).toEqual({ ok: true, code });
    }
  });

  it('carry 75 random bits: different bytes give different codes', () => {
    const zero = referenceCodeFromRandomBytes(new Uint8Array(10));
    const one = referenceCodeFromRandomBytes(Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(zero).not.toBe(one);
    const codes = new Set(
      Array.from({ length: 2000 }, () => referenceCodeFromRandomBytes(randomBytes(10))),
    );
    expect(codes.size).toBe(2000);
  });

  it('refuses fewer than 10 random bytes', () => {
    expect(() => referenceCodeFromRandomBytes(new Uint8Array(9))).toThrow();
  });

  it('accepts what a person types: case, dashes, spaces, I/L for 1 and O for 0', () => {
    const code = referenceCodeFromRandomBytes(randomBytes(10));
    const typed = ` ${formatReferenceCode(code).toLowerCase()} `;
    expect(parseReferenceCode(typed)).toEqual({ ok: true, code });
    const withZero = referenceCodeFromRandomBytes(new Uint8Array(10));
    expect(parseReferenceCode(withZero.replace(/0/g, 'O'))).toEqual({ ok: true, code: withZero });
  });

  it('reads Greek capitals that look like Latin ones as those (Greek keyboards, PDF text)', () => {
    const code = 'ABEZHKMNPTXY0123';
    const data = code.slice(0, 15);
    const valid = [...'0123456789ABCDEFGHJKMNPQRSTVWXYZ']
      .map((check) => data + check)
      .find((candidate) => parseReferenceCode(candidate).ok);
    expect(valid).toBeDefined();
    const greek = (valid ?? '').replace(
      /[ABEZHKMNPTXY]/g,
      (c) => 'ΑΒΕΖΗΚΜΝΡΤΧΥ'['ABEZHKMNPTXY'.indexOf(c)] ?? c,
    );
    expect(greek).not.toBe(valid);
    expect(parseReferenceCode(greek.toLowerCase())).toEqual({ ok: true, code: valid });
  });

  it('catches every single mistyped symbol', () => {
    const code = referenceCodeFromRandomBytes(randomBytes(10));
    for (let position = 0; position < REFERENCE_CODE_LENGTH; position += 1) {
      for (const symbol of ALPHABET) {
        if (symbol === code[position]) continue;
        const typo = code.slice(0, position) + symbol + code.slice(position + 1);
        expect(parseReferenceCode(typo)).toEqual({ ok: false, reason: 'check' });
      }
    }
  });

  it('catches almost every swap of two neighbours', () => {
    let swaps = 0;
    let caught = 0;
    for (let index = 0; index < 300; index += 1) {
      const code = referenceCodeFromRandomBytes(randomBytes(10));
      for (let position = 0; position < REFERENCE_CODE_LENGTH - 1; position += 1) {
        if (code[position] === code[position + 1]) continue;
        const swapped =
          code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        swaps += 1;
        if (!parseReferenceCode(swapped).ok) caught += 1;
      }
    }
    expect(caught / swaps).toBeGreaterThan(0.95);
  });

  it('tells empty and malformed input apart', () => {
    expect(parseReferenceCode('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseReferenceCode('ABC')).toEqual({ ok: false, reason: 'malformed' });
    expect(parseReferenceCode('UUUU-UUUU-UUUU-UUUU')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('formats in groups of four', () => {
    expect(formatReferenceCode('7KQ2M9XDH3RT0B5C')).toBe('7KQ2-M9XD-H3RT-0B5C');
  });

  it('leaves a code already in groups as it is', () => {
    expect(formatReferenceCode('7KQ2-M9XD-H3RT-0B5C')).toBe('7KQ2-M9XD-H3RT-0B5C');
  });
});
