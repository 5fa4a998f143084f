import type { JointErrorCode } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';

/** The HTTP status of each joint refusal: a wrong person 403, a wrong moment 409. */
const STATUS: Record<JointErrorCode, number> = {
  signatory_not_in_consent: 403,
  consent_state_is_issued: 409,
  signatory_state_must_be_pending_to_sign: 409,
  signatory_state_must_be_signed_to_issue: 409,
  consent_state_is_fully_signed_in_cancel: 409,
  consent_state_is_not_fully_signed: 409,
  consent_state_is_canceled: 409,
  consent_state_is_not_canceled: 409,
  signatory_already_dismissed: 409,
  consent_reminded_today: 429,
  duplicate_co_signatory: 400,
  co_signatory_is_author: 400,
  consent_text_changed: 409,
};

export const jointError = (code: JointErrorCode, data?: Record<string, unknown>) =>
  new AppError(STATUS[code], code, data);
