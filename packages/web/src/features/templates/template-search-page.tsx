import { useId, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_TYPES, type TemplateType } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { OtherWaysLinks } from './other-ways-links';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageLinks } from '../../ui/page-links';
import { useTemplates } from './api/get-templates';
import './templates.css';

/** Page sizes of the template search (spec section 9: options 5, 10, 15 in one list). */
export const SEARCH_PAGE_SIZES = [5, 10, 15] as const;
const DEFAULT_PAGE_SIZE = 10;

function pageSizeOf(value: string | null): number {
  const size = Number.parseInt(value ?? '', 10);
  return (SEARCH_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The default size is left out of the address. */
const sizeParam = (size: number) => (size === DEFAULT_PAGE_SIZE ? undefined : String(size));

function templateTypeOf(value: string | null): TemplateType | undefined {
  return (TEMPLATE_TYPES as readonly string[]).includes(value ?? '')
    ? (value as TemplateType)
    : undefined;
}

/** /create/search?q=&type=&page=: the template search (spec section 2, "template search"). */
export function TemplateSearchPage() {
  const { t } = useTranslation('wizard');
  const { t: tErrors } = useTranslation('errors');
  const locale = useLocale();
  const navigate = useNavigate();
  const ids = { q: useId(), hint: useId(), error: useId(), type: useId(), size: useId() };
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const type = templateTypeOf(searchParams.get('type'));
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const size = pageSizeOf(searchParams.get('size'));
  const result = useTemplates({
    q: q || undefined,
    type,
    limit: size,
    offset: (page - 1) * size,
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    navigate(
      paths.templates.search.getHref({
        q: String(form.get('q') ?? '').trim(),
        type: String(form.get('type') ?? ''),
        size: sizeParam(pageSizeOf(String(form.get('size') ?? ''))),
      }),
    );
  };

  const tooShort =
    result.isError && isApiRequestError(result.error) && result.error.code === 'query_too_short'
      ? tErrors('query_too_short', {
          min: (result.error.data as { min?: number } | undefined)?.min ?? 3,
        })
      : null;
  if (result.isError && !tooShort) throw result.error;

  const meta = result.data?.meta;
  const totalPages = meta?.total_pages ?? 0;
  const pageHref = (target: number) =>
    paths.templates.search.getHref({
      q,
      type,
      page: target > 1 ? String(target) : undefined,
      size: sizeParam(size),
    });

  return (
    <PageContainer>
      <PageHeading caption={t('choose.caption')}>{t('searchScreen.title')}</PageHeading>
      <form role="search" className="govgr-form" noValidate onSubmit={onSubmit}>
        <div className="dilosi-template-search">
          <div className={`govgr-field${tooShort ? ' govgr-field__error' : ''}`}>
            <label className="govgr-label" htmlFor={ids.q}>
              {t('searchScreen.label')}
            </label>
            <p id={ids.hint} className="govgr-hint">
              {t('searchScreen.hint')}
            </p>
            {tooShort ? (
              <p id={ids.error} className="govgr-error-message">
                {tooShort}
              </p>
            ) : null}
            <input
              key={q}
              id={ids.q}
              name="q"
              type="search"
              className={`govgr-input${tooShort ? ' govgr-error-input' : ''}`}
              defaultValue={q}
              aria-invalid={tooShort ? true : undefined}
              aria-describedby={tooShort ? `${ids.hint} ${ids.error}` : ids.hint}
            />
          </div>
          <div className="govgr-field">
            <label className="govgr-label" htmlFor={ids.type}>
              {t('searchScreen.type')}
            </label>
            <select
              key={type ?? ''}
              id={ids.type}
              name="type"
              className="govgr-select"
              defaultValue={type ?? ''}
            >
              <option value="">{t('searchScreen.allTypes')}</option>
              {TEMPLATE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`templateTypes.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="govgr-field">
            <label className="govgr-label" htmlFor={ids.size}>
              {t('searchScreen.size')}
            </label>
            <select
              key={size}
              id={ids.size}
              name="size"
              className="govgr-select"
              defaultValue={String(size)}
            >
              {SEARCH_PAGE_SIZES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary">
          {t('searchScreen.submit')}
        </button>
      </form>

      {result.data ? (
        <>
          {/* The live region wraps the heading: a status role on the h2 would unmake it a heading. */}
          <div role="status">
            <h2 className="govgr-heading-m">
              {result.data.data.length === 0
                ? t('searchScreen.none')
                : t('searchScreen.results', { count: meta?.count ?? result.data.data.length })}
            </h2>
          </div>
          <ul className="dilosi-template-results">
            {result.data.data.map((template) => (
              <li key={template.refname} className="dilosi-template-result">
                <h3 className="govgr-heading-s">
                  <Link
                    className="govgr-link"
                    to={paths.templates.template.getHref(template.refname)}
                  >
                    {template.title[locale]}
                  </Link>
                </h3>
                <p className="govgr-body">{template.description[locale]}</p>
                <p className="govgr-hint">
                  {t(`templateTypes.${template.type}`)} ·{' '}
                  {t('searchScreen.code', { code: template.code })}
                </p>
              </li>
            ))}
          </ul>
          {totalPages > 1 ? (
            <div className="govgr-pagination">
              <p className="govgr-body">{t('searchScreen.page', { page, total: totalPages })}</p>
              <PageLinks
                page={page}
                totalPages={totalPages}
                hrefOf={pageHref}
                label={t('searchScreen.pagination')}
                pageLabel={(link) => t('searchScreen.pageLink', { page: link })}
                className="govgr-pagination__list dilosi-template-pages"
              />
              <ul className="govgr-pagination__list">
                {page > 1 ? (
                  <li className="govgr-pagination__item">
                    <Link className="govgr-link" to={pageHref(page - 1)}>
                      {t('searchScreen.previous')}
                    </Link>
                  </li>
                ) : null}
                {page < totalPages ? (
                  <li className="govgr-pagination__item">
                    <Link className="govgr-link" to={pageHref(page + 1)}>
                      {t('searchScreen.next')}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}

      <OtherWaysLinks ways={['code', 'type']} />
    </PageContainer>
  );
}
