import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { LanguageSwitcher } from './language-switcher';

type FooterProps = {
  version?: string | undefined;
  /** Development: where the SMS codes and e-mails go (below the first screen: no layout shift). */
  showOutbox?: boolean;
};

export function Footer({ version, showOutbox = false }: FooterProps) {
  const { t } = useTranslation();
  const contentLinks = [
    { slug: 'about', label: t('footer.links.about') },
    { slug: 'accessibility', label: t('footer.links.accessibility') },
    { slug: 'privacy', label: t('footer.links.privacy') },
  ] as const;

  return (
    <footer className="govgr-footer">
      <div className="govgr-width-container">
        <div className="govgr-footer__meta dilosi-footer__meta">
          <div className="govgr-footer__meta-item govgr-footer__meta-item--grow">
            <div className="govgr-footer__content">
              <nav aria-label={t('footer.navLabel')}>
                <ul className="govgr-footer__inline-list dilosi-footer__list">
                  <li className="govgr-footer__inline-list-item">
                    <Link className="govgr-footer__link" to={paths.terms.getHref()}>
                      {t('footer.links.terms')}
                    </Link>
                  </li>
                  <li className="govgr-footer__inline-list-item">
                    <a
                      className="govgr-footer__link"
                      href={paths.static.cookiesPolicy.getHref()}
                      type="application/pdf"
                    >
                      {t('footer.links.cookiesPolicy')}
                    </a>
                  </li>
                  {contentLinks.map(({ slug, label }) => (
                    <li key={slug} className="govgr-footer__inline-list-item">
                      <Link className="govgr-footer__link" to={paths.content.getHref(slug)}>
                        {label}
                      </Link>
                    </li>
                  ))}
                  {showOutbox ? (
                    <li className="govgr-footer__inline-list-item">
                      <Link className="govgr-footer__link" to={paths.dev.outbox.getHref()}>
                        {t('footer.links.outbox')}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              </nav>
              <p className="govgr-footer__licence-description dilosi-footer__text">
                {t('footer.description')}
                {version ? ` ${t('footer.version', { version })}` : null}
              </p>
            </div>
          </div>
          <div className="govgr-footer__meta-item">
            <LanguageSwitcher />
          </div>
        </div>
      </div>
    </footer>
  );
}
