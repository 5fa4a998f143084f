import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../ui/use-error-message';

/** The error of a failed login: 'Υπάρχει κάποιο πρόβλημα', the code's text, the code itself. */
export function LoginErrorPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation(['auth']);
  const errorMessage = useErrorMessage();
  if (code === 'invalid_token') {
    return (
      <div className="govgr-error-summary" role="alert" tabIndex={-1}>
        <h2 className="govgr-heading-m">{t('auth:login.sessionExpired')}</h2>
        <p className="govgr-body">{t('auth:login.sessionExpiredBody')}</p>
      </div>
    );
  }
  const tokenKey = `auth:token.errors.${code}`;
  const message = i18n.exists(tokenKey)
    ? t(tokenKey as 'auth:token.errors.no_code')
    : errorMessage(code, t('auth:login.genericError'));
  return (
    <div className="govgr-error-summary" role="alert" tabIndex={-1}>
      <h2 className="govgr-heading-m">
        {t('auth:login.errorTitle')} ({code})
      </h2>
      <p className="govgr-body">{message}</p>
    </div>
  );
}
