import { formatAthensDateTime, type JointConsentSummary, type Locale } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import './joint-signatories.css';

const at = (value: string | null) => (value ? formatAthensDateTime(new Date(value)) : '—');

/**
 * A joint declaration's signatories (issue #35): each one's name, capacity, state and when she
 * signed or declined, with her reason. The signatory's page and the author's panel on her
 * document's pages (wizard, done page, vault) show the same table.
 */
export function JointSignatoriesTable({
  consent,
  locale,
  captionId,
}: {
  consent: JointConsentSummary;
  locale: Locale;
  captionId: string;
}) {
  const { t } = useTranslation('joint');
  return (
    <div
      className="govgr-table-container dilosi-scroll-x"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="govgr-table">
        <caption id={captionId} className="govgr-table__caption govgr-heading-m">
          {t('signatories')}
        </caption>
        <thead className="govgr-table__head">
          <tr className="govgr-table__row">
            <th scope="col" className="govgr-table__header">
              {t('columns.name')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('columns.role')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('columns.state')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('columns.signedAt')}
            </th>
          </tr>
        </thead>
        <tbody className="govgr-table__body">
          {consent.signatories.map((row) => (
            <tr key={row.position} className="govgr-table__row">
              <td className="govgr-table__cell">
                {row.firstname} {row.surname}
                {row.position === consent.my_position ? ` ${t('you')}` : ''}
              </td>
              <td className="govgr-table__cell">{row.role[locale]}</td>
              <td className="govgr-table__cell">
                {t(`signatoryStates.${row.state}`)}
                {row.state === 'dismissed' && row.dismissed_reason ? (
                  <span className="govgr-hint dilosi-joint-reason">
                    {t('panel.reason', { reason: row.dismissed_reason })}
                  </span>
                ) : null}
              </td>
              <td className="govgr-table__cell">{at(row.signed_at ?? row.dismissed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The author's panel on her joint document (issue #35): where the signatures stand (how many of
 * how many, who is pending, who declined and why) and the way to the joint declaration's page,
 * where she reminds or cancels. Nothing for a document that is no joint declaration.
 */
export function JointAuthorPanel({
  consent,
  locale,
}: {
  consent: JointConsentSummary | null | undefined;
  locale: Locale;
}) {
  // Nothing, and no catalog loaded, for the many documents that are no joint declaration.
  return consent ? <AuthorPanel consent={consent} locale={locale} /> : null;
}

function AuthorPanel({ consent, locale }: { consent: JointConsentSummary; locale: Locale }) {
  const { t } = useTranslation('joint');
  const signed = consent.signatories.filter((row) => row.state === 'signed').length;
  const total = consent.signatories.length;
  const isOpen = consent.state === 'issued';
  const isMine = consent.signatories[consent.my_position]?.is_author === true;
  return (
    <section className="govgr-inset-text dilosi-joint-panel" aria-labelledby="joint-panel-heading">
      <h2 id="joint-panel-heading" className="govgr-heading-m">
        {t('panel.heading')}
      </h2>
      <p className="govgr-body" role="status">
        <strong>{t(`states.${consent.state}`)}</strong>
        {' — '}
        {t('list.signed', { signed, total })}
      </p>
      {consent.closed_reason ? (
        <p className="govgr-body">{t(`closedReasons.${consent.closed_reason}`)}</p>
      ) : null}
      {isOpen ? (
        <p className="govgr-body">{t('panel.waiting', { date: at(consent.expires_at) })}</p>
      ) : null}
      <JointSignatoriesTable
        consent={consent}
        locale={locale}
        captionId="joint-panel-signatories"
      />
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.my.joint.getHref(consent.id)}>
          {isOpen && isMine ? t('panel.open') : t('panel.view')}
        </Link>
      </p>
    </section>
  );
}
