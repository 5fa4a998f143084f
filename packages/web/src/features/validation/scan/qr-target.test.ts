import { describe, expect, it } from 'vitest';
import { referenceCodeFromRandomBytes } from '@dilosi/domain';
import { qrTarget } from './qr-target';

const ORIGIN = 'https://dilosi.services.gov.gr';
const CODE = referenceCodeFromRandomBytes(new Uint8Array(10).fill(7));

describe('qrTarget', () => {
  it('accepts a document link on this origin, with or without a context', () => {
    expect(qrTarget(`${ORIGIN}/show/${CODE}`, ORIGIN)).toEqual({ ok: true, ref: CODE });
    expect(qrTarget(`${ORIGIN}/show/${CODE}/international`, ORIGIN)).toEqual({
      ok: true,
      ref: CODE,
    });
  });

  it('refuses another origin or no URL at all: QR invalid URL', () => {
    for (const text of [
      `https://example.org/show/${CODE}`,
      `http://dilosi.services.gov.gr/show/${CODE}`,
      'just some text',
    ]) {
      expect(qrTarget(text, ORIGIN)).toEqual({ ok: false, reason: 'invalidUrl' });
    }
  });

  it('refuses a link of this origin that is not a document', () => {
    const typo = `${CODE.slice(0, 15)}${CODE.endsWith('Z') ? 'Y' : 'Z'}`;
    for (const path of ['/terms', '/show/q/scan', '/show/NOTACODE', `/show/${typo}`]) {
      expect(qrTarget(`${ORIGIN}${path}`, ORIGIN)).toEqual({ ok: false, reason: 'notDocument' });
    }
  });
});
