import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  IDENTITY_ANSWERS,
  identityConfirmationInputSchema,
  type IdentityAnswer,
  type PublicTemplate,
  type RegistryRecord,
} from '@dilosi/domain';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { ErrorSummary, FieldGroup, RadioGroup, useSchemaForm } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { useRegistryRecord } from './api/get-registry-record';
import { useTemplateQuery } from './template-query';
import './templates.css';

/** The registry's values in the order a form of identity lists them. */
const RECORD_FIELDS = [
  'surname',
  'firstname',
  'father_name',
  'mother_name',
  'birth_date',
  'afm',
] as const satisfies readonly (keyof RegistryRecord)[];

/** What creation reads in the navigation state: the template whose identity step was passed. */
export type IdentityLocationState = { identityConfirmed?: string; next?: string } | null;

/** 1980-01-31 → 31/01/1980, the way Greek documents write a date. */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return year && month && day ? `${day}/${month}/${year}` : iso;
}

/** Where a confirmed identity continues: the creation step it came from, else the template's. */
function creationHref(template: PublicTemplate, state: IdentityLocationState, query: object) {
  if (state?.next?.startsWith(`/templates/${encodeURIComponent(template.refname)}/`)) {
    return state.next;
  }
  return template.collectable
    ? paths.templates.uiForm.getHref(template.refname, 'create', query)
    : paths.templates.create.getHref(template.refname, query);
}

/**
 * /templates/{refname}/identity (issue #38): before a template flagged `confirm_identity`, the
 * person sees what the registry says about her and confirms it, or learns where to have it
 * corrected. Creation asks for this step first and is reached from it.
 */
export function IdentityConfirmationPage({ template }: { template: PublicTemplate }) {
  const { t } = useTranslation('wizard');
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useTemplateQuery();
  const errorMessage = useErrorMessage();
  const record = useRegistryRecord();
  const [isWrong, setWrong] = useState(false);
  const state = location.state as IdentityLocationState;

  const { attachSummary, ...form } = useSchemaForm({
    schema: identityConfirmationInputSchema,
    initialValues: { answer: null as IdentityAnswer | null },
    idPrefix: 'identity',
    messageOf: () => t('identity.required'),
    onValid: ({ answer }) => {
      if (answer === 'wrong') {
        setWrong(true);
        return;
      }
      navigate(creationHref(template, state, query), {
        state: { identityConfirmed: template.refname },
      });
    },
  });

  if (record.isPending) return <PageSkeleton />;

  const correction = (
    <section className="dilosi-identity-correction" aria-labelledby="identity-correction-heading">
      <h2 id="identity-correction-heading" className="govgr-heading-m">
        {t('identity.correctTitle')}
      </h2>
      <p className="govgr-body">{t('identity.correctText')}</p>
      <p className="govgr-body">{t('identity.correctAfter')}</p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.templates.template.getHref(template.refname, query)}>
          {t('identity.backToTemplate')}
        </Link>
      </p>
    </section>
  );

  if (record.isError) {
    return (
      <PageContainer>
        <div className="govgr-error-summary" role="alert">
          <h2 className="govgr-heading-m">{t('identity.errorTitle')}</h2>
          <p className="govgr-body">{errorMessage(record.error, t('identity.loadFailed'))}</p>
        </div>
        <PageHeading caption={template.title[locale]}>{t('identity.title')}</PageHeading>
        {correction}
      </PageContainer>
    );
  }

  const data = record.data;
  return (
    <PageContainer>
      {form.summary.length > 0 ? (
        <ErrorSummary ref={attachSummary} title={t('identity.errorTitle')} items={form.summary} />
      ) : null}
      <PageHeading caption={template.title[locale]}>{t('identity.title')}</PageHeading>
      <p className="govgr-body">{t('identity.intro')}</p>
      <dl className="dilosi-identity-list" aria-label={t('identity.listLabel')}>
        {RECORD_FIELDS.map((key) => {
          const value = data[key];
          return (
            <div key={key} className="dilosi-identity-list__row">
              <dt className="govgr-body">{t(`identity.fields.${key}`)}</dt>
              <dd className="govgr-body">
                {value === null ? (
                  <span className="dilosi-identity-list__missing">{t('identity.notRecorded')}</span>
                ) : key === 'birth_date' ? (
                  displayDate(value)
                ) : (
                  value
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <form className="govgr-form" noValidate onSubmit={form.handleSubmit}>
        <FieldGroup
          id="identity-answer"
          legend={t('identity.question')}
          legendClassName="govgr-fieldset__legend govgr-heading-m"
          error={form.errors.answer}
        >
          <RadioGroup
            {...form.field('answer')}
            onChange={(value) => {
              form.setValue('answer', value);
              if (value === 'correct') setWrong(false);
            }}
            options={IDENTITY_ANSWERS.map((value) => ({
              value,
              label: t(`identity.answers.${value}`),
            }))}
          />
        </FieldGroup>
        {isWrong ? null : (
          <button type="submit" className="govgr-btn govgr-btn-primary">
            {t('identity.continue')}
          </button>
        )}
      </form>
      {isWrong ? correction : null}
    </PageContainer>
  );
}
