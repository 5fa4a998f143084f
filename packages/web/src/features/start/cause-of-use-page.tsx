import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CAUSES_OF_USE, causeOfUseInputSchema, type CauseOfUse } from '@dilosi/domain';
import { useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { ErrorSummary, FieldGroup, RadioGroup, useSchemaForm } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/**
 * Where each answer leads. Issuing starts at the template-type screen (public: the template asks
 * for a login when it needs one); validating needs no login; the mailbox needs one, so a visitor
 * goes through login with `next` set to it.
 */
function destinationOf(cause: CauseOfUse, signedIn: boolean): string {
  if (cause === 'create') return paths.templates.type.getHref();
  if (cause === 'validate') return paths.validation.root.getHref();
  const mailbox = paths.my.messages.root.getHref();
  return signedIn ? mailbox : paths.auth.login.getHref({ next: mailbox });
}

/** /q/start: asks what the person came to do, then leads to that flow. */
export function CauseOfUsePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { attachSummary, ...form } = useSchemaForm({
    schema: causeOfUseInputSchema,
    initialValues: { cause: null as CauseOfUse | null },
    idPrefix: 'cause-of-use',
    messageOf: () => t('causeOfUse.required'),
    onValid: ({ cause }) => navigate(destinationOf(cause, user !== null && !user.anonymous_login)),
  });

  return (
    <PageContainer>
      {form.summary.length > 0 ? (
        <ErrorSummary ref={attachSummary} title={t('causeOfUse.errorTitle')} items={form.summary} />
      ) : null}
      <PageHeading>{t('causeOfUse.title')}</PageHeading>
      <form className="govgr-form" noValidate onSubmit={form.handleSubmit}>
        <FieldGroup
          id="cause-of-use-cause"
          legend={t('causeOfUse.title')}
          isLegendHidden
          error={form.errors.cause}
        >
          <RadioGroup
            {...form.field('cause')}
            options={CAUSES_OF_USE.map((value) => ({
              value,
              label: t(`causeOfUse.options.${value}`),
              hint: t(`causeOfUse.hints.${value}`),
            }))}
          />
        </FieldGroup>
        <button type="submit" className="govgr-btn govgr-btn-primary">
          {t('causeOfUse.continue')}
        </button>
      </form>
    </PageContainer>
  );
}
