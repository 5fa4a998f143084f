import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginEndpointProvider, type PublicTemplate } from '@dilosi/domain';
import { useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { ArrowRightIcon } from '../../ui/arrow-right-icon';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useTemplate } from './api/get-template';
import { IdentityConfirmationPage } from './identity-confirmation-page';
import { TemplateErrorView } from './template-error-view';
import { useTemplateQuery } from './template-query';

/**
 * The steps of a document not created yet (state new), as a template address names them: the
 * template itself, its intro, and the identity confirmation of a template that asks for it.
 * Creation (`create`, `ui-form`) has routes of its own; any other step needs a document.
 */
function isStepOfNewDocument(template: PublicTemplate, step: string): boolean {
  if (step === 'template') return true;
  if (step === 'intro') return template['intro-step'] !== null;
  if (step === 'identity') return template.confirm_identity;
  return false;
}

/** Splits a text into paragraphs at blank lines. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * /templates/{refname} and /templates/{refname}/{step}, the steps before creation (spec sections
 * 2 and 4, step "template", state new): what the document is, the optional intro step, the
 * identity confirmation and the start button. A step a new document cannot be at goes, replacing
 * the address, to the template step, where a new document is. Opened with a trailing slash, a
 * collectable template goes to its ui-form create step, any other to /templates/{refname}.
 */
export function TemplatePage() {
  const { t } = useTranslation('wizard');
  const { refname = '', step } = useParams();
  const { pathname } = useLocation();
  const query = useTemplateQuery();
  const locale = useLocale();
  const { user, isPending: isUserPending } = useCurrentUser();
  const template = useTemplate(refname);

  if (template.isPending || isUserPending) return <PageSkeleton />;
  if (template.isError) {
    return (
      <TemplateErrorView
        error={template.error}
        refname={refname}
        onRetry={() => void template.refetch()}
      />
    );
  }

  const data = template.data;
  if (pathname.endsWith('/')) {
    const to = data.collectable
      ? paths.templates.uiForm.getHref(refname, 'create', query)
      : paths.templates.template.getHref(refname, query);
    return <Navigate to={to} replace />;
  }
  if (step !== undefined && !isStepOfNewDocument(data, step)) {
    return <Navigate to={paths.templates.template.getHref(refname, query)} replace />;
  }
  if (step === 'identity') {
    if (!user) {
      const next = paths.templates.step.getHref(refname, 'identity', query);
      const provider = loginEndpointProvider(data.login_endpoint) ?? undefined;
      return (
        <Navigate to={paths.auth.login.getHref({ next, template: refname, provider })} replace />
      );
    }
    return <IdentityConfirmationPage template={data} />;
  }

  const intro = data['intro-step'];
  return (
    <PageContainer>
      <PageHeading caption={t(`templateTypes.${data.type}`)}>{data.title[locale]}</PageHeading>
      <p className="govgr-hint">{t('templatePage.code', { code: data.code })}</p>
      {paragraphs(data.description[locale]).map((text) => (
        <p key={text} className="govgr-body-l">
          {text}
        </p>
      ))}

      {data.notices.length > 0 ? (
        <section className="dilosi-notice" aria-labelledby="template-notices-heading">
          <h2 id="template-notices-heading" className="govgr-heading-s">
            {t('templatePage.noticesTitle')}
          </h2>
          {data.notices.map((notice, index) => (
            <p key={`${index}-${notice}`} className="govgr-body">
              {notice}
            </p>
          ))}
        </section>
      ) : null}

      {intro ? (
        <section className="dilosi-template-intro" aria-labelledby="template-intro-heading">
          <h2 id="template-intro-heading" className="govgr-heading-m">
            {intro.title[locale]}
          </h2>
          {paragraphs(intro.text[locale]).map((text) => (
            <p key={text} className="govgr-body">
              {text}
            </p>
          ))}
        </section>
      ) : null}

      {data['wizard-steps'].length > 0 ? (
        <section aria-labelledby="template-steps-heading">
          <h2 id="template-steps-heading" className="govgr-heading-m">
            {t('templatePage.stepsTitle')}
          </h2>
          <ol className="govgr-list govgr-list--number">
            {data['wizard-steps'].map((label) => (
              <li key={label.el} className="govgr-list__item">
                {label[locale]}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {!user ? (
        <p className="govgr-body dilosi-notice">
          {data.anonymous ? t('templatePage.anonymousNotice') : t('templatePage.loginNotice')}
        </p>
      ) : null}

      <p className="govgr-body">
        <Link
          className="govgr-btn govgr-btn-primary govgr-btn-cta"
          to={
            data.confirm_identity
              ? paths.templates.step.getHref(refname, 'identity', query)
              : paths.templates.create.getHref(refname, query)
          }
        >
          {t('templatePage.start')}
          <ArrowRightIcon />
        </Link>
      </p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.templates.search.getHref()}>
          {t('templatePage.otherDocument')}
        </Link>
      </p>
    </PageContainer>
  );
}
