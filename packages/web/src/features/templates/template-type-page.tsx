import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_TYPES, templateTypeInputSchema, type TemplateType } from '@dilosi/domain';
import { paths } from '../../config/paths';
import { ErrorSummary, FieldGroup, RadioGroup, useSchemaForm } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useTemplates } from './api/get-templates';
import { OtherWaysLinks } from './other-ways-links';

/** /create/type: declaration, authorisation or application, then the search by that type. */
export function TemplateTypePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  // One row is enough: the answer's meta counts every type.
  const counts = useTemplates({ limit: 1, offset: 0 }).data?.meta.type_counts;
  const { attachSummary, ...form } = useSchemaForm({
    schema: templateTypeInputSchema,
    initialValues: { type: null as TemplateType | null },
    idPrefix: 'template-type',
    messageOf: () => t('typeScreen.required'),
    onValid: ({ type }) => navigate(paths.templates.search.getHref({ type })),
  });

  return (
    <PageContainer>
      {form.summary.length > 0 ? (
        <ErrorSummary ref={attachSummary} title={t('typeScreen.errorTitle')} items={form.summary} />
      ) : null}
      <PageHeading caption={t('choose.caption')}>{t('typeScreen.title')}</PageHeading>
      <form className="govgr-form" noValidate onSubmit={form.handleSubmit}>
        <FieldGroup
          id="template-type-type"
          legend={t('typeScreen.title')}
          isLegendHidden
          error={form.errors.type}
        >
          <RadioGroup
            {...form.field('type')}
            options={TEMPLATE_TYPES.map((value) => ({
              value,
              label: (
                <>
                  {t(`templateTypes.${value}`)}
                  {counts ? (
                    <span className="dilosi-type-count">
                      {' '}
                      {t('typeScreen.count', { count: counts[value] })}
                    </span>
                  ) : null}
                </>
              ),
              hint: t(`typeScreen.hints.${value}`),
            }))}
          />
        </FieldGroup>
        <button type="submit" className="govgr-btn govgr-btn-primary">
          {t('typeScreen.continue')}
        </button>
      </form>
      <OtherWaysLinks ways={['code', 'search']} />
    </PageContainer>
  );
}
