import { checkNewEmail, type PendingEmail } from '@dilosi/domain';
import { useRequestEmailChange } from '../api/request-email-change';
import { useResendEmailCode } from '../api/resend-email-code';
import { useVerifyEmailChange } from '../api/verify-email-change';
import { ContactChangeForm, type PendingCode } from './contact-change-form';

const pendingOf = (pending: PendingEmail): PendingCode => ({
  address: pending.pending_email,
  expiresAt: pending.expires_at,
  resendAvailableAt: pending.resend_available_at,
});

/** "Change e-mail": the new address, proved by the code sent to it. */
export function ChangeEmailForm() {
  const request = useRequestEmailChange();
  const resend = useResendEmailCode();
  const verify = useVerifyEmailChange();
  return (
    <ContactChangeForm
      channel="email"
      check={checkNewEmail}
      request={async (email) => pendingOf(await request.mutateAsync({ email }))}
      resend={async () => pendingOf(await resend.mutateAsync())}
      verify={(code) => verify.mutateAsync({ code })}
    />
  );
}
