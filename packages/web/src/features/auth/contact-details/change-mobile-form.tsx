import { checkNewMobile, type PendingMobile } from '@dilosi/domain';
import { useRequestMobileChange } from '../api/request-mobile-change';
import { useResendMobileCode } from '../api/resend-mobile-code';
import { useVerifyMobileChange } from '../api/verify-mobile-change';
import { ContactChangeForm, type PendingCode } from './contact-change-form';

const pendingOf = (pending: PendingMobile): PendingCode => ({
  address: pending.pending_mobile,
  expiresAt: pending.expires_at,
  resendAvailableAt: pending.resend_available_at,
});

/** "Change mobile": the new number, certified by the code sent to it by SMS. */
export function ChangeMobileForm() {
  const request = useRequestMobileChange();
  const resend = useResendMobileCode();
  const verify = useVerifyMobileChange();
  return (
    <ContactChangeForm
      channel="mobile"
      check={checkNewMobile}
      request={async (mobile) => pendingOf(await request.mutateAsync({ mobile }))}
      resend={async () => pendingOf(await resend.mutateAsync())}
      verify={(code) => verify.mutateAsync({ code })}
    />
  );
}
