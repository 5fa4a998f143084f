import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import './vault.css';

const SECTIONS = [
  { key: 'documents', href: () => paths.vault.root.getHref() },
  { key: 'cases', href: () => paths.vault.cases.getHref() },
  { key: 'drafts', href: () => paths.vault.drafts.getHref() },
  { key: 'inbox', href: () => paths.vault.inbox.getHref() },
  { key: 'personalDetails', href: () => paths.vault.personalDetails.getHref() },
] as const;
export type VaultSection = (typeof SECTIONS)[number]['key'];

/** Every vault page: its heading and the vault's sections (spec section 2, /vault/*). */
export function VaultLayout({
  title,
  section,
  children,
}: {
  title: string;
  section?: VaultSection;
  children: ReactNode;
}) {
  const { t } = useTranslation('vault');
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{title}</PageHeading>
        <nav aria-label={t('nav.label')} className="dilosi-page-tabs">
          <ul>
            {SECTIONS.map((item) => (
              <li key={item.key}>
                <Link
                  className="govgr-link"
                  to={item.href()}
                  aria-current={item.key === section ? 'page' : undefined}
                >
                  {t(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {children}
      </div>
    </PageContainer>
  );
}
