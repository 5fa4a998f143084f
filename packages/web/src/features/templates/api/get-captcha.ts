import { apiFetch } from '../../../api/api-client';
import type { CaptchaChallenge } from '../../../lib/captcha/solve-captcha';

/** GET /api/captcha: a fresh proof-of-work challenge (never cached: each is used once). */
export function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaChallenge> {
  return apiFetch<CaptchaChallenge>('/api/captcha', {
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
