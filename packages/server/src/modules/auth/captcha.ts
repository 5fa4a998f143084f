import crypto from 'node:crypto';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { captchaSolutionSchema } from './schemas';
import { loadOrCreateSecret } from '../../lib/stored-secret';

export const CAPTCHA_ALGORITHM = 'sha256-leading-zero-bits';

export type CaptchaChallenge = {
  challenge: string;
  salt: string;
  difficulty: number;
  algorithm: typeof CAPTCHA_ALGORITHM;
  expires_at: string;
};

type ChallengeBody = { s: string; d: number; e: number };

/** Number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The work a client does: the first nonce whose sha256(salt + nonce) starts with `difficulty` zero bits. */
export function solveCaptcha(salt: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    const digest = crypto
      .createHash('sha256')
      .update(salt + nonce, 'utf8')
      .digest();
    if (leadingZeroBits(digest) >= difficulty) return nonce;
  }
}

/**
 * Self-hosted proof-of-work captcha (no third-party service can be reached). A challenge is
 * signed, not stored; a solved challenge is stored once, so it cannot be replayed.
 */
export class Captcha {
  private constructor(
    private readonly database: Database,
    private readonly key: Buffer,
    private readonly options: { difficulty: number; ttlSeconds: number },
  ) {}

  static async create(
    database: Database,
    options: { difficulty: number; ttlSeconds: number },
  ): Promise<Captcha> {
    const key = await loadOrCreateSecret(database, 'captcha_hmac_key', () =>
      crypto.randomBytes(32).toString('base64url'),
    );
    return new Captcha(database, Buffer.from(key, 'base64url'), options);
  }

  issue(): CaptchaChallenge {
    const salt = crypto.randomBytes(16).toString('hex');
    const expires = now().getTime() + this.options.ttlSeconds * 1000;
    const body: ChallengeBody = { s: salt, d: this.options.difficulty, e: expires };
    const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
    return {
      challenge: `${encoded}.${this.sign(encoded)}`,
      salt,
      difficulty: this.options.difficulty,
      algorithm: CAPTCHA_ALGORITHM,
      expires_at: new Date(expires).toISOString(),
    };
  }

  /**
   * Checks a solution sent with a request; throws 400 captcha_required when there is none and
   * 400 captcha_invalid when it is forged, wrong, expired or already used. (The spec's catalogue
   * key is `captcha.required`; the API code is `captcha_required`.)
   */
  async verify(solution: unknown): Promise<void> {
    if (solution === undefined || solution === null || solution === '') {
      throw new AppError(400, 'captcha_required');
    }
    const parsed = captchaSolutionSchema.safeParse(solution);
    if (!parsed.success) throw new AppError(400, 'captcha_invalid');
    const { challenge, nonce } = parsed.data;
    const [encoded = '', signature = ''] = challenge.split('.');
    const expected = Buffer.from(this.sign(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new AppError(400, 'captcha_invalid');
    }
    const body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as ChallengeBody;
    if (body.e <= now().getTime()) throw new AppError(400, 'captcha_invalid');
    const digest = crypto
      .createHash('sha256')
      .update(body.s + nonce, 'utf8')
      .digest();
    if (leadingZeroBits(digest) < body.d) throw new AppError(400, 'captcha_invalid');
    const redeemed = await this.database.db
      .insertInto('captcha_redemptions')
      .values({ salt: body.s, expires_at: new Date(body.e) })
      .onConflict((oc) => oc.column('salt').doNothing())
      .returning('salt')
      .executeTakeFirst();
    if (!redeemed) throw new AppError(400, 'captcha_invalid');
  }

  async purge(): Promise<void> {
    await this.database.db
      .deleteFrom('captcha_redemptions')
      .where('expires_at', '<', now())
      .execute();
  }

  private sign(encoded: string): string {
    return crypto.createHmac('sha256', this.key).update(encoded).digest('base64url');
  }
}
