import type { Opinion } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useEntityOpinions, useOpinionCase } from './api/opinions';
import { OpinionCaseView } from './opinion-case-view';
import '../../ui/dashboard.css';

const dateOf = (day: string) => day.split('-').reverse().join('/');

/** An opinion's state as a tag, overdue marked (issue #41). */
export function OpinionStateTag({ opinion }: { opinion: Opinion }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <strong className={`govgr-tag dilosi-opinion-state dilosi-opinion-state--${opinion.state}`}>
        {t(`opinions.state.${opinion.state}`)}
      </strong>
      {opinion.is_overdue ? (
        <strong className="govgr-tag dilosi-opinion-overdue"> {t('opinions.overdue')}</strong>
      ) : null}
    </>
  );
}

/**
 * /dashboard/entities/show/{entityId}/opinions (issue #41): the opinions other entities ask of
 * this one, pending first; each opens the case read-only with the answer's form.
 */
export function EntityOpinionsPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const query = useEntityOpinions(entityId);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const opinions = query.data.data;
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('opinions.inboxTitle')}</PageHeading>
        {opinions.length === 0 ? (
          <p className="govgr-body">{t('opinions.inboxNone')}</p>
        ) : (
          <ul className="govgr-list dilosi-opinion-list">
            {opinions.map((opinion) => (
              <li key={opinion.id} className="dilosi-opinion">
                <p className="govgr-body">
                  <Link
                    className="govgr-link"
                    to={paths.dashboard.opinion.getHref(entityId, opinion.id)}
                  >
                    {t('opinions.case')} {opinion.case_id}
                  </Link>{' '}
                  <OpinionStateTag opinion={opinion} />
                </p>
                <p className="govgr-hint">
                  {t('opinions.from', { name: opinion.asking_entity.display_name[locale] })} ·{' '}
                  {t('opinions.due', { date: dateOf(opinion.deadline) })}
                </p>
                <p className="govgr-body dilosi-message-body">{opinion.question}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageContainer>
  );
}

/** /dashboard/entities/show/{entityId}/opinions/{id}: one opinion asked of the entity. */
export function EntityOpinionPage() {
  const { entityId = '', id = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const query = useOpinionCase({ entityId }, id);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  return (
    <PageContainer>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.dashboard.opinions.getHref(entityId)}>
          {t('opinions.back')}
        </Link>
      </p>
      <PageHeading>{t('opinions.pageTitle')}</PageHeading>
      <OpinionCaseView expert={{ entityId }} data={query.data.data} />
    </PageContainer>
  );
}

/** /my/opinions/{id}: an opinion a public body asks of her, answered here. */
export function MyOpinionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const query = useOpinionCase('me', id);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  return (
    <PageContainer>
      <PageHeading>{t('opinions.pageTitle')}</PageHeading>
      <OpinionCaseView expert="me" data={query.data.data} />
    </PageContainer>
  );
}
