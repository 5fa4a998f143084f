import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageHeading } from '../../ui/page-heading';
import { CodeForm } from './code-form';
import { FileCheck } from './file-check';
import { useContextId } from './use-context-id';
import { ValidationFrame } from './validation-frame';

/** /validate/{contextId}: validate by code, by QR code, or by PDF file (spec section 2). */
export function ValidationContextPage() {
  const { t } = useTranslation('validation-page');
  const locale = useLocale();
  const contextId = useContextId();
  return (
    <ValidationFrame contextId={contextId} inContext={paths.validation.context.getHref}>
      {(context) => (
        <div className="dilosi-validation">
          <PageHeading caption={t('caption')}>{context.title[locale]}</PageHeading>
          <p className="govgr-body">{context.description[locale]}</p>
          <CodeForm contextId={contextId} />
          <section className="dilosi-validation__section">
            <h2 className="govgr-heading-m">{t('scanLink')}</h2>
            <p className="govgr-body">{t('scanIntro')}</p>
            <p className="govgr-body">
              <Link className="govgr-link" to={paths.validation.scanValidate.getHref(contextId)}>
                {t('scanLink')}
              </Link>
            </p>
          </section>
          <FileCheck contextId={contextId} />
        </div>
      )}
    </ValidationFrame>
  );
}
