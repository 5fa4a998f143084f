import { formatReferenceCode } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageSkeleton } from '../../ui/page-skeleton';
import { textOf } from '../../ui/text-of';
import { useVaultDocument } from './api/get-vault-document';
import { useInboxItem } from './api/open-inbox-item';
import { dateTime, Facts } from './document-facts';
import { VaultLayout } from './vault-layout';

/**
 * `/vault/show/{ref}/{inboxItem}`: something the citizen received (a message, a reply, a shared
 * document) shown with the document it concerns. Opening it marks it read. Either one missing,
 * or another person's: not found.
 */
export function VaultInboxItemPage() {
  const { t } = useTranslation('vault');
  const locale = useLocale();
  const { ref = '', inboxItem = '' } = useParams();
  const document = useVaultDocument(ref);
  const item = useInboxItem(inboxItem);
  if (document.isPending || item.isPending) return <PageSkeleton />;
  if (document.isError) throw document.error;
  if (item.isError) throw item.error;
  const message = item.data;
  const code = document.data.reference_code ?? ref;
  const sender = textOf(message.state_data.sender_display_name, locale);
  const title = textOf(message.state_data.title, locale) || t(`types.${message.type}`);
  const carried = message.document?.reference_code;
  return (
    <VaultLayout title={title}>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.vault.show.getHref(code)}>
          {t('item.back', { name: document.data.template.shortname[locale] })}
        </Link>
      </p>
      <Facts
        rows={[
          [t('fields.type'), t(`types.${message.type}`)],
          ...(sender ? ([[t('fields.from'), sender]] as [string, string][]) : []),
          [t('fields.receivedAt'), dateTime(message.create_timestamp)],
          [
            t('fields.regarding'),
            `${document.data.template.shortname[locale]} (${formatReferenceCode(code)})`,
          ],
          ...(carried && carried !== code
            ? ([[t('fields.attachedDocument'), formatReferenceCode(carried)]] as [string, string][])
            : []),
        ]}
      />
      {message.state_data.summary ? (
        <p className="govgr-body dilosi-vault-message">{message.state_data.summary}</p>
      ) : null}
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.my.messages.show.getHref(message.id)}>
          {t('item.openInMessages')}
        </Link>
      </p>
    </VaultLayout>
  );
}
