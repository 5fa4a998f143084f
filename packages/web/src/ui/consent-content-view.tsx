import type { ConsentContent } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import './consent-content.css';

/**
 * Consent content (spec section 3): who receives the data, the transaction, then each category
 * of records as a list of display entries. Used by the wallet consent request and its demo.
 */
export function ConsentContentView({ content }: { content: ConsentContent }) {
  const { t } = useTranslation('messages');
  return (
    <>
      <dl className="dilosi-details-list">
        <dt>{t('consent.dataRecipient')}</dt>
        <dd>{content['data-recipient']}</dd>
        <dt>{t('consent.transaction')}</dt>
        <dd>{content['transaction-description']}</dd>
      </dl>
      {content['transaction-data'].map((category, c) => (
        <section key={`${category.category}-${c}`} className="dilosi-consent-category">
          <h3 className="govgr-heading-s">{category.category}</h3>
          {category.records.map((record, r) => (
            <dl key={r} className="dilosi-details-list dilosi-consent-record">
              {record.display.map((entry) => (
                <div key={entry['display-key']} style={{ display: 'contents' }}>
                  <dt>{entry.label}</dt>
                  <dd>{entry.value}</dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      ))}
    </>
  );
}
