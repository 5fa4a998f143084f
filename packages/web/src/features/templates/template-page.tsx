import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { paths, type TemplateQuery } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { ArrowRightIcon } from '../../ui/arrow-right-icon';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useTemplate } from './api/get-template';
import { TemplateErrorView } from './template-error-view';

/** The query a template address passes on (caller_authorization_id; v1 and both are ignored). */
export function useTemplateQuery(): TemplateQuery {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('caller_authorization_id');
  return id ? { caller_authorization_id: id } : {};
}

/** Splits a text into paragraphs at blank lines. */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * /templates/{refname} and its steps before creation (spec sections 2 and 4, step "template",
 * state new): what the document is, the optional intro step and the start button. Opened with a
 * trailing slash, a collectable template goes to its ui-form, any other to /templates/{refname}.
 */
export function TemplatePage() {
  const { t } = useTranslation('wizard');
  const { refname = '' } = useParams();
  const { pathname } = useLocation();
  const query = useTemplateQuery();
  const locale = useLocale();
  const { user, isPending: isUserPending } = useCurrentUser();
  const template = useTemplate(refname);

  if (template.isPending || isUserPending) return <PageSkeleton />;
  if (template.isError) return <TemplateErrorView error={template.error} refname={refname} />;

  const data = template.data;
  if (pathname.endsWith('/')) {
    const to = data.collectable
      ? paths.templates.uiForm.getHref(refname, 'create', query)
      : paths.templates.template.getHref(refname, query);
    return <Navigate to={to} replace />;
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
          to={paths.templates.create.getHref(refname, query)}
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
