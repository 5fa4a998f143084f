import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

const ACCEPTED = 'accepted';

type CookieBannerProps = {
  policyHref: string;
  /** Called after acceptance, when the banner (and its focused button) is gone. */
  onAccepted?: () => void;
};

/** Shown until the visitor accepts; the choice is kept for the whole site. */
export function CookieBanner({ policyHref, onAccepted }: CookieBannerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isAccepted, setIsAccepted] = useState(
    () => readStorage(STORAGE_KEYS.cookies) === ACCEPTED,
  );

  // Accepted in another tab: hide here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.cookies && event.newValue === ACCEPTED) setIsAccepted(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  if (isAccepted) return null;

  const accept = () => {
    writeStorage(STORAGE_KEYS.cookies, ACCEPTED);
    setIsAccepted(true);
    onAccepted?.();
  };

  return (
    <section className="govgr-cookie-banner dilosi-cookie-banner" aria-labelledby={headingId}>
      <div className="govgr-width-container">
        <div className="govgr-grid-column-two-thirds dilosi-cookie-banner__body">
          <h2 id={headingId} className="govgr-heading-m">
            {t('cookies.title')}
          </h2>
          <p className="govgr-body">{t('cookies.body')}</p>
          <div className="govgr-button-group">
            <button type="button" className="govgr-btn govgr-btn-primary" onClick={accept}>
              {t('cookies.accept')}
            </button>
            <a className="govgr-link" href={policyHref} type="application/pdf">
              {t('cookies.policyLink')}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
