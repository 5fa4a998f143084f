import { isValidGreekMobile } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';

/** The certified Greek mobile the SMS code goes to; 403 no_mobile or mobile_not_greek otherwise. */
export function certifiedMobileOf(user: CurrentUser): string {
  const { mobile, mobile_certified } = user.record;
  if (!mobile || !mobile_certified) throw new AppError(403, 'no_mobile');
  // Spec section 5: a non-Greek mobile number cannot be used to issue.
  if (!isValidGreekMobile(mobile)) throw new AppError(403, 'mobile_not_greek');
  return mobile;
}
