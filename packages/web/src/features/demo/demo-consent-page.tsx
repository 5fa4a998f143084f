import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentContentView } from '../../ui/consent-content-view';
import { PageHeading } from '../../ui/page-heading';
import { DEMO_CONSENT } from './demo-samples';

/** /demo/consent: a sample wallet consent request, answered on the page only. */
export function DemoConsentPage() {
  const { t } = useTranslation('ui');
  const [answer, setAnswer] = useState<'accepted' | 'rejected' | null>(null);
  return (
    <>
      <PageHeading caption={t('demo.caption')}>{t('demo.consent.title')}</PageHeading>
      <ConsentContentView content={DEMO_CONSENT} />
      {answer ? (
        <p className="govgr-body" role="status">
          {t(`demo.consent.${answer}`)}
        </p>
      ) : (
        <div className="govgr-button-group">
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            onClick={() => setAnswer('accepted')}
          >
            {t('demo.consent.accept')}
          </button>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={() => setAnswer('rejected')}
          >
            {t('demo.consent.reject')}
          </button>
        </div>
      )}
    </>
  );
}
