import { z } from 'zod';
import { isValidEmail } from '../validators/email';
import { toGreekNationalNumber, validateMobile } from '../validators/phone';

/**
 * Contact details (issue #38; spec sections 3 and 8): a person changes her e-mail, proved hers by
 * a six-digit code sent to it, and her mobile, certified by a code sent to it by SMS. The inputs
 * both sides validate and the answers the web app reads.
 */

/** POST /api/profile/email: the new address (empty or missing: email_none). */
export const emailChangeBodySchema = z.object({
  email: z.string().max(1000).nullable().optional(),
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

/** POST /api/profile/mobile: the new mobile (empty or missing: mobile_none). */
export const mobileChangeBodySchema = z.object({
  mobile: z.string().max(64).nullable().optional(),
});
export type MobileChangeBody = z.infer<typeof mobileChangeBodySchema>;

/** POST /api/profile/{email,mobile}/verify: the code as typed (spaces and dashes ignored). */
export const contactCodeBodySchema = z.object({
  code: z.string().max(32).nullable().optional(),
});
export type ContactCodeBody = z.infer<typeof contactCodeBodySchema>;

const pendingChange = {
  /** ISO 8601: the code is refused as otp_expired from then on. */
  expires_at: z.string(),
  /** ISO 8601: a new code may be asked for (resend) from then on. */
  resend_available_at: z.string(),
};

/** 202 of POST /api/profile/email and /email/resend: the code went to that address. */
export const pendingEmailResponseSchema = z.object({
  data: z.object({ pending_email: z.string(), ...pendingChange }),
});
export type PendingEmail = z.infer<typeof pendingEmailResponseSchema>['data'];

/** 202 of POST /api/profile/mobile and /mobile/resend: the code went to that number by SMS. */
export const pendingMobileResponseSchema = z.object({
  data: z.object({ pending_mobile: z.string(), ...pendingChange }),
});
export type PendingMobile = z.infer<typeof pendingMobileResponseSchema>['data'];

export type EmailCheck = 'email_none' | 'email_invalid';
export type MobileCheck = 'mobile_none' | 'mobile_invalid';

/** The address as it is kept: trimmed (compared without regard to case). */
export function normalizeEmail(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** What the form and the server refuse before anything is sent: none set, or invalid. */
export function checkNewEmail(value: string | null | undefined): EmailCheck | null {
  const email = normalizeEmail(value);
  if (email === '') return 'email_none';
  return isValidEmail(email) ? null : 'email_invalid';
}

/** The same for a mobile: only Greek mobiles (69…), which the SMS gateway reaches. */
export function checkNewMobile(value: string | null | undefined): MobileCheck | null {
  const mobile = (value ?? '').trim();
  if (mobile === '') return 'mobile_none';
  return validateMobile(mobile) === null && toGreekNationalNumber(mobile) !== null
    ? null
    : 'mobile_invalid';
}

/** The code as typed, without spaces and dashes; six digits or null. */
export function readContactCode(value: string | null | undefined): string | null {
  const code = (value ?? '').replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}
