import { formFieldFilter } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInboxTemplates } from '../../../api/inbox-templates';
import { useLocale } from '../../../i18n/use-locale';

/**
 * The search panel's template pick-list and, once a template is chosen, a filter on one of its
 * form fields (issue #41): the form's `template`, `form_field` and `form_value` (the panel joins
 * the last two in the URL's `field`).
 */
export function TemplateFieldFilter({
  entityId,
  template: initialTemplate,
  field: current,
}: {
  entityId: string;
  template: string | null;
  field: string | null;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const templates = useInboxTemplates(entityId).data?.data ?? [];
  const [template, setTemplate] = useState(initialTemplate ?? '');
  const initial = formFieldFilter(current ?? undefined);
  const fields = templates.find((row) => row.refname === template)?.fields ?? [];
  return (
    <>
      <div className="govgr-form-group">
        <label className="govgr-label" htmlFor="search-template">
          {t('search.template')}
        </label>
        <select
          className="govgr-select"
          id="search-template"
          name="template"
          value={template}
          onChange={(event) => setTemplate(event.target.value)}
        >
          <option value="">{t('search.anyTemplate')}</option>
          {templates.map((row) => (
            <option key={row.refname} value={row.refname}>
              {row.shortname[locale]}
            </option>
          ))}
        </select>
      </div>
      {fields.length > 0 ? (
        <div className="govgr-form-group" key={template}>
          <label className="govgr-label" htmlFor="search-form_field">
            {t('search.formField')}
          </label>
          <select
            className="govgr-select"
            id="search-form_field"
            name="form_field"
            defaultValue={template === initialTemplate ? (initial?.key ?? '') : ''}
          >
            <option value="">{t('search.anyFormField')}</option>
            {fields.map((field) => (
              <option key={field.key} value={field.key}>
                {field.label[locale]}
              </option>
            ))}
          </select>
          <label className="govgr-label" htmlFor="search-form_value">
            {t('search.formValue')}
          </label>
          <input
            className="govgr-input"
            id="search-form_value"
            name="form_value"
            type="text"
            defaultValue={template === initialTemplate ? (initial?.text ?? '') : ''}
          />
        </div>
      ) : null}
    </>
  );
}
