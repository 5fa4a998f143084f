import { formatReferenceCode } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { FieldGroup, RadioGroup } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { useMyCorrection, useStartCorrection } from './api/corrections';

type Keep = 'keep' | 'revoke';

/**
 * `/my/corrections/{id}` (issue #41): what the public body asks her to correct and why; she
 * chooses whether the document she corrects stays valid, and starts (or goes back to) her
 * corrected draft, which the wizard issues into the same case.
 */
export function CorrectionPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('messages');
  const locale = useLocale();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const query = useMyCorrection(id);
  const start = useStartCorrection(id);
  const [keep, setKeep] = useState<Keep>('keep');
  const [failure, setFailure] = useState<string | null>(null);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const correction = query.data.data;
  const isOpen = correction.state === 'requested' || correction.state === 'drafted';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    start.mutate(keep === 'revoke', {
      onSuccess: (answer) => {
        const document = answer.data.document;
        void navigate(paths.documents.issue.getHref(document.id, document.step_name));
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <PageContainer>
      <PageHeading>{t('correction.heading')}</PageHeading>
      <dl className="dilosi-message-details">
        <dt>{t('correction.entity')}</dt>
        <dd>{correction.entity_name[locale]}</dd>
        <dt>{t('correction.case')}</dt>
        <dd>{correction.case_id}</dd>
        <dt>{t('correction.document')}</dt>
        <dd>
          {correction.template_shortname[locale]}
          {correction.reference_code ? ` · ${formatReferenceCode(correction.reference_code)}` : ''}
        </dd>
      </dl>
      <h2 className="govgr-heading-s">{t('correction.reason')}</h2>
      <p className="govgr-body dilosi-case-decision__reason">{correction.reason}</p>
      {correction.state === 'corrected' ? (
        <p className="govgr-body" role="status">
          {t('correction.corrected')}
        </p>
      ) : null}
      {correction.state === 'withdrawn' ? (
        <p className="govgr-body" role="status">
          {t('correction.withdrawn')}
        </p>
      ) : null}
      {isOpen && correction.draft_document_id ? (
        <p className="govgr-body">
          <Link
            className="govgr-link"
            to={paths.documents.issue.getHref(
              correction.draft_document_id,
              correction.draft_step ?? undefined,
            )}
          >
            {t('correction.continue')}
          </Link>
        </p>
      ) : null}
      {isOpen ? (
        <form onSubmit={onSubmit} noValidate>
          {failure ? (
            <p className="govgr-error-message" role="alert">
              {failure}
            </p>
          ) : null}
          <FieldGroup id="correction-keep" legend={t('correction.keepLegend')}>
            <RadioGroup<Keep>
              id="correction-keep"
              name="correction-keep"
              value={keep}
              onChange={setKeep}
              options={[
                { value: 'keep', label: t('correction.keep') },
                { value: 'revoke', label: t('correction.revoke') },
              ]}
            />
          </FieldGroup>
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={start.isPending}>
            {correction.draft_document_id ? t('correction.startOver') : t('correction.start')}
          </button>
        </form>
      ) : null}
    </PageContainer>
  );
}
