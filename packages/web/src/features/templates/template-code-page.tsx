import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { OtherWaysLinks } from './other-ways-links';
import { CodeEntryForm } from '../../ui/code-entry-form';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { getTemplatesQueryOptions } from './api/get-templates';

const CODE_PATTERN = /^[A-Z0-9]{2,12}$/;

type CodeError = 'required' | 'invalid' | 'notFound';

/** /create/code: a template code such as YD1 leads to that template (spec section 2). */
export function TemplateCodePage() {
  const { t } = useTranslation('wizard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<{ kind: CodeError; code: string } | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  const onSubmit = async (typed: string) => {
    const code = typed.trim().toUpperCase();
    if (!code) return setError({ kind: 'required', code });
    if (!CODE_PATTERN.test(code)) return setError({ kind: 'invalid', code });
    setIsChecking(true);
    try {
      const result = await queryClient.fetchQuery(
        getTemplatesQueryOptions({ q: code, limit: 50, offset: 0 }),
      );
      const match = result.data.find((template) => template.code.toUpperCase() === code);
      if (!match) return setError({ kind: 'notFound', code });
      navigate(paths.templates.template.getHref(match.refname));
    } catch {
      setError({ kind: 'notFound', code });
    } finally {
      setIsChecking(false);
    }
  };

  const message = error
    ? error.kind === 'notFound'
      ? t('codeScreen.notFound', { code: error.code })
      : t(`codeScreen.${error.kind}`)
    : null;

  return (
    <PageContainer>
      <CodeEntryForm
        heading={<PageHeading caption={t('choose.caption')}>{t('codeScreen.title')}</PageHeading>}
        label={t('codeScreen.label')}
        hint={t('codeScreen.hint')}
        errorTitle={t('codeScreen.errorTitle')}
        submitLabel={t('codeScreen.continue')}
        message={message}
        isBusy={isChecking}
        width="govgr-input--width-10"
        onSubmit={(typed) => void onSubmit(typed)}
      />
      <OtherWaysLinks ways={['search']} />
    </PageContainer>
  );
}
