import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/auth';
import { useAppConfig } from '../../api/get-app-config';
import { useUnreadMessages } from '../../api/get-unread-messages';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useWaitingSignatures } from './api/use-waiting-signatures';
import './vault.css';

/**
 * `/my`: the citizen's own area: messages (with how many are new), vault, joint declarations (with
 * how many wait for her signature), personal details.
 */
export function MyPage() {
  const { t } = useTranslation('vault');
  const { flags } = useAppConfig();
  const { user } = useCurrentUser();
  const unread = useUnreadMessages({ enabled: flags.CITIZENINBOX_ENABLED });
  const count = unread.data ?? 0;
  const waiting = useWaitingSignatures().data ?? 0;
  const cards = [
    ...(flags.CITIZENINBOX_ENABLED
      ? [
          {
            key: 'messages',
            href: paths.my.messages.root.getHref(),
            title: t('my.messages.title'),
            body: count > 0 ? t('my.messages.unread', { count }) : t('my.messages.none'),
          },
          {
            key: 'vault',
            href: paths.vault.root.getHref(),
            title: t('my.vault.title'),
            body: t('my.vault.body'),
          },
        ]
      : []),
    {
      key: 'joint',
      href: paths.my.jointList.getHref(),
      title: t('my.joint.title'),
      body: waiting > 0 ? t('my.joint.waiting', { count: waiting }) : t('my.joint.body'),
    },
    {
      key: 'personalDetails',
      href: paths.my.personalDetails.getHref(),
      title: t('my.personalDetails.title'),
      body: t('my.personalDetails.body'),
    },
  ];
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('my.title')}</PageHeading>
        {user ? <p className="govgr-body-l">{user.display_name}</p> : null}
        <ul className="dilosi-vault-cards">
          {cards.map((card) => (
            <li key={card.key} className="govgr-card govgr-card--border dilosi-vault-card">
              <h2 className="govgr-heading-s">
                <Link className="govgr-link" to={card.href}>
                  {card.title}
                </Link>
              </h2>
              <p className="govgr-body">{card.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </PageContainer>
  );
}
