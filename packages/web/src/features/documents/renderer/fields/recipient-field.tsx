import { useEffect, useState } from 'react';
import type { Recipient } from '@dilosi/domain';
import {
  controlAria,
  describedBy,
  errorId,
  fieldClassName,
  hintId,
  inputClassName,
} from '../../../../ui/form';
import { ErrorMessage, FieldHint, hasHint, useFieldLabel } from '../form-primitives';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';
import { isSearchableQuery, useSearchRecipients, type RecipientOption } from './search-recipients';

const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function asRecipient(value: unknown): Recipient | null {
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return type === 'entity' || type === 'custom' ? (value as Recipient) : null;
}

/**
 * The recipient: an entity found by name (at least 3 characters, searched as the citizen types)
 * or "another recipient" named by the citizen with an optional e-mail address.
 * Value: { type: 'entity', codename, name } or { type: 'custom', name, email? }.
 */
export function RecipientField(props: FieldComponentProps) {
  const t = useDocumentsText();
  const label = useFieldLabel(props);
  const { id, field, locale, value, onChange, error } = props;
  const recipient = asRecipient(value);
  const [query, setQuery] = useState('');
  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, SEARCH_DELAY_MS);
  const search = useSearchRecipients(debounced);
  const isSearchActive = isSearchableQuery(debounced);

  // The chosen entity stays offered even when the current search does not list it.
  const options: RecipientOption[] = [...(isSearchActive ? (search.data ?? []) : [])];
  if (recipient?.type === 'entity' && !options.some((o) => o.codename === recipient.codename)) {
    options.unshift({ codename: recipient.codename, name: recipient.name });
  }

  const isCustom = recipient?.type === 'custom';
  const emailError = isCustom && error?.code === 'email_invalid' ? error : undefined;
  const nameError = isCustom && !emailError ? error : undefined;
  const groupError = isCustom ? undefined : error;
  const ids = {
    search: isCustom ? `${id}-search` : id,
    name: isCustom && !emailError ? id : `${id}-name`,
    email: emailError ? id : `${id}-email`,
    status: `${id}-status`,
  };

  let status = '';
  if (isSearchableQuery(trimmed)) {
    if (!isSearchActive || search.isFetching) status = t('recipient.searching');
    else if (search.isError) status = t('recipient.searchFailed');
    else if (search.data?.length === 0) status = t('recipient.noResults', { query: debounced });
  }

  return (
    <div className={fieldClassName(Boolean(error))}>
      <fieldset
        className="govgr-fieldset"
        aria-describedby={describedBy(
          hasHint(field) && hintId(`${id}-legend`),
          groupError && errorId(id),
        )}
      >
        <legend className="govgr-fieldset__legend govgr-heading-s">{label}</legend>
        <FieldHint id={`${id}-legend`} field={field} locale={locale} />
        <ErrorMessage id={id} error={groupError} />
        <div className="govgr-field">
          <label className="govgr-label" htmlFor={ids.search}>
            {t('recipient.search')}
          </label>
          <p id={hintId(ids.search)} className="govgr-hint">
            {t('recipient.searchHint')}
          </p>
          <input
            id={ids.search}
            className={inputClassName('govgr-input', Boolean(groupError))}
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            aria-invalid={groupError ? true : undefined}
            aria-describedby={describedBy(
              hintId(ids.search),
              ids.status,
              groupError && errorId(id),
            )}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p id={ids.status} className="govgr-hint" role="status">
            {status}
          </p>
        </div>
        <div className="govgr-radios">
          {options.map((option) => {
            const optionId = `${id}-entity-${option.codename}`;
            return (
              <div key={option.codename} className="govgr-radios__item">
                <label className="govgr-radios__label" htmlFor={optionId}>
                  <input
                    id={optionId}
                    className="govgr-radios__input"
                    type="radio"
                    name={props.path}
                    checked={recipient?.type === 'entity' && recipient.codename === option.codename}
                    onChange={() =>
                      onChange({ type: 'entity', codename: option.codename, name: option.name })
                    }
                  />
                  {option.name[locale]}
                </label>
              </div>
            );
          })}
          <div className="govgr-radios__item">
            <label className="govgr-radios__label" htmlFor={`${id}-custom`}>
              <input
                id={`${id}-custom`}
                className="govgr-radios__input"
                type="radio"
                name={props.path}
                checked={isCustom}
                onChange={() => onChange({ type: 'custom', name: '' })}
              />
              {t('recipient.other')}
            </label>
          </div>
          {isCustom ? (
            <div className="govgr-radios__conditional">
              <div className={fieldClassName(Boolean(nameError))}>
                <label className="govgr-label" htmlFor={ids.name}>
                  {t('recipient.customName')}
                </label>
                <ErrorMessage id={ids.name} error={nameError} />
                <input
                  id={ids.name}
                  className={inputClassName('govgr-input', Boolean(nameError))}
                  type="text"
                  autoComplete="off"
                  required
                  value={recipient.name}
                  {...controlAria(ids.name, { hasHint: false, hasError: Boolean(nameError) })}
                  onChange={(event) => onChange({ ...recipient, name: event.target.value })}
                />
              </div>
              <div className={fieldClassName(Boolean(emailError))}>
                <label className="govgr-label" htmlFor={ids.email}>
                  {`${t('recipient.customEmail')} ${t('form.optional')}`}
                </label>
                <ErrorMessage id={ids.email} error={emailError} />
                <input
                  id={ids.email}
                  className={inputClassName('govgr-input', Boolean(emailError))}
                  type="email"
                  autoComplete="off"
                  spellCheck={false}
                  value={recipient.email ?? ''}
                  {...controlAria(ids.email, { hasHint: false, hasError: Boolean(emailError) })}
                  onChange={(event) => {
                    const { email: _email, ...rest } = recipient;
                    onChange(event.target.value ? { ...rest, email: event.target.value } : rest);
                  }}
                />
              </div>
            </div>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
