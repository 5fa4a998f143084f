import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_TYPES, type TemplateType } from '@dilosi/domain';
import { paths } from '../../config/paths';
import { useTemplates } from './api/get-templates';
import { OtherWaysLinks } from './other-ways-links';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/** /create/type: declaration, authorisation or application, then the search by that type. */
export function TemplateTypePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const id = useId();
  const [choice, setChoice] = useState<TemplateType | null>(null);
  const [hasError, setHasError] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  // One row is enough: the answer's meta counts every type.
  const counts = useTemplates({ limit: 1, offset: 0 }).data?.meta.type_counts;

  useEffect(() => {
    if (hasError) summaryRef.current?.focus();
  }, [hasError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      setHasError(true);
      return;
    }
    navigate(paths.templates.search.getHref({ type: choice }));
  };

  return (
    <PageContainer>
      {hasError ? (
        <div className="govgr-error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h2 className="govgr-heading-m">{t('typeScreen.errorTitle')}</h2>
          <ul className="govgr-list">
            <li>
              <a className="govgr-link" href={`#${id}-${TEMPLATE_TYPES[0]}`}>
                {t('typeScreen.required')}
              </a>
            </li>
          </ul>
        </div>
      ) : null}
      <PageHeading caption={t('choose.caption')}>{t('typeScreen.title')}</PageHeading>
      <form className="govgr-form" noValidate onSubmit={onSubmit}>
        <div className={`govgr-field${hasError ? ' govgr-field__error' : ''}`}>
          <fieldset
            className="govgr-fieldset"
            aria-describedby={hasError ? `${id}-error` : undefined}
          >
            <legend className="govgr-fieldset__legend govgr-visually-hidden">
              {t('typeScreen.title')}
            </legend>
            {hasError ? (
              <p id={`${id}-error`} className="govgr-error-message">
                {t('typeScreen.required')}
              </p>
            ) : null}
            <div className="govgr-radios">
              {TEMPLATE_TYPES.map((value) => (
                <div key={value} className="govgr-radios__item">
                  <input
                    id={`${id}-${value}`}
                    className="govgr-radios__input"
                    type="radio"
                    name="type"
                    value={value}
                    checked={choice === value}
                    aria-describedby={`${id}-${value}-hint`}
                    onChange={() => {
                      setChoice(value);
                      setHasError(false);
                    }}
                  />
                  <label className="govgr-radios__label" htmlFor={`${id}-${value}`}>
                    {t(`templateTypes.${value}`)}
                    {counts ? (
                      <span className="dilosi-type-count">
                        {' '}
                        {t('typeScreen.count', { count: counts[value] })}
                      </span>
                    ) : null}
                  </label>
                  <p id={`${id}-${value}-hint`} className="govgr-hint">
                    {t(`typeScreen.hints.${value}`)}
                  </p>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
        <button type="submit" className="govgr-btn govgr-btn-primary">
          {t('typeScreen.continue')}
        </button>
      </form>
      <OtherWaysLinks ways={['code', 'search']} />
    </PageContainer>
  );
}
