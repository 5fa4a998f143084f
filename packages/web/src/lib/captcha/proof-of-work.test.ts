import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { searchNonce } from './proof-of-work';
import { leadingZeroBits, sha256Hex } from './sha256';

const nodeSha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

describe('captcha proof of work', () => {
  it('hashes like node:crypto, across block boundaries', () => {
    for (const text of [
      '',
      'abc',
      'a'.repeat(55),
      'b'.repeat(56),
      'c'.repeat(64),
      'd'.repeat(130),
    ]) {
      expect(sha256Hex(text)).toBe(nodeSha256(text).toString('hex'));
    }
  });

  it('finds a nonce the server accepts (leading zero bits of sha256(salt + nonce))', () => {
    const salt = crypto.randomBytes(16).toString('hex');
    const nonce = searchNonce(salt, 12, 0, 1_000_000);
    expect(nonce).not.toBeNull();
    const digest = nodeSha256(salt + nonce);
    let bits = 0;
    for (const byte of digest) {
      if (byte === 0) {
        bits += 8;
        continue;
      }
      bits += Math.clz32(byte) - 24;
      break;
    }
    expect(bits).toBeGreaterThanOrEqual(12);
  });

  it('counts leading zero bits over words', () => {
    expect(leadingZeroBits(new Uint32Array([0, 0x00ffffff, 0, 0, 0, 0, 0, 0]))).toBe(40);
  });
});
