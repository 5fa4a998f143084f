import crypto from 'node:crypto';
import { createChallenge, extractParams, solveChallenge, verifySolution } from 'altcha-lib';
import type { Challenge, Payload } from 'altcha-lib/types';
import { now } from '../../clock';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOrCreateSecret } from '../../lib/stored-secret';
import { captchaPayloadSchema } from './schemas';

export type CaptchaChallenge = Challenge;

/**
 * ALTCHA captcha (https://altcha.org, self-hosted: no third-party service is reached). The server
 * signs a challenge (altcha-lib), the `altcha` web component solves it in the browser and sends
 * back a base64 JSON payload; a solved challenge is stored by its signature until it expires, so
 * it cannot be replayed.
 */
export class Captcha {
  private constructor(
    private readonly database: Database,
    private readonly hmacKey: string,
    private readonly options: { maxNumber: number; ttlSeconds: number },
  ) {}

  /** `hmacKey` from ALTCHA_HMAC_KEY; without it (DEVEL only) a generated key kept in the database. */
  static async create(
    database: Database,
    options: { hmacKey: string | undefined; maxNumber: number; ttlSeconds: number },
  ): Promise<Captcha> {
    const key =
      options.hmacKey ??
      (await loadOrCreateSecret(database, 'altcha_hmac_key', () =>
        crypto.randomBytes(32).toString('base64url'),
      ));
    return new Captcha(database, key, options);
  }

  issue(): Promise<CaptchaChallenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.options.maxNumber,
      expires: new Date(now().getTime() + this.options.ttlSeconds * 1000),
    });
  }

  /**
   * Checks a payload sent with a request: 400 captcha_required when there is none,
   * captcha_invalid when it is malformed, forged or wrong, captcha_expired when its challenge is
   * too old, captcha_already_used when it was redeemed before.
   */
  async verify(solution: unknown): Promise<void> {
    if (solution === undefined || solution === null || solution === '') {
      throw new AppError(400, 'captcha_required');
    }
    const payload = decodePayload(solution);
    if (!payload) throw new AppError(400, 'captcha_invalid');
    const expires = Number.parseInt(extractParams(payload).expires ?? '', 10);
    if (!Number.isFinite(expires)) throw new AppError(400, 'captcha_invalid');
    if (!(await verifySolution(payload, this.hmacKey, false))) {
      throw new AppError(400, 'captcha_invalid');
    }
    if (expires * 1000 <= now().getTime()) throw new AppError(400, 'captcha_expired');
    const redeemed = await this.database.db
      .insertInto('altcha_redemptions')
      .values({ signature: payload.signature, expires_at: new Date(expires * 1000) })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    if (!redeemed) throw new AppError(400, 'captcha_already_used');
  }

  async purge(): Promise<void> {
    await this.database.db
      .deleteFrom('altcha_redemptions')
      .where('expires_at', '<', now())
      .execute();
  }
}

/** The payload as the widget sends it (base64 of JSON), or that JSON as text, or as an object. */
function decodePayload(solution: unknown): Payload | null {
  let value = solution;
  if (typeof value === 'string') {
    if (value.length > 4096) return null;
    const text = value.trim().startsWith('{')
      ? value
      : Buffer.from(value, 'base64').toString('utf8');
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  const parsed = captchaPayloadSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the widget does in the browser; for tests and scripts. Returns the base64 payload. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha challenge could not be solved');
  const payload: Payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
