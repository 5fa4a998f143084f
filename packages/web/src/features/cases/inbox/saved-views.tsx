import { savedViewQuery, type InboxTab } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { TextInput } from '../../../ui/form';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useDeleteView, useSaveView, useSavedViews } from '../api/saved-views';
import { isInboxTab } from '../inbox-query';

/**
 * My saved views of the entity's list (issue #41): each a link to the tab with its filters, with
 * a delete button; below, the current tab and filters saved under a name.
 */
export function SavedViews({
  entityId,
  tab,
  search,
}: {
  entityId: string;
  tab: InboxTab;
  search: URLSearchParams;
}) {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const views = useSavedViews(entityId);
  const save = useSaveView(entityId);
  const remove = useDeleteView(entityId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = savedViewQuery(search.toString()) ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('savedViews.nameRequired'));
      return;
    }
    setError(null);
    save.mutate(
      { name, tab, query: current },
      {
        onSuccess: () => {
          setName('');
          showToast('success', () => t('savedViews.saved'));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const list = views.data?.data ?? [];
  return (
    <details className="govgr-details">
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">
          {t('savedViews.title', { count: list.length })}
        </span>
      </summary>
      <div className="govgr-details__text">
        {list.length === 0 ? <p className="govgr-body">{t('savedViews.none')}</p> : null}
        {list.length > 0 ? (
          <ul className="govgr-list" aria-label={t('savedViews.listLabel')}>
            {list.map((view) => (
              <li key={view.id}>
                <Link
                  className="govgr-link"
                  to={paths.dashboard.inbox.getHref(
                    entityId,
                    isInboxTab(view.tab) ? view.tab : 'all',
                    view.query,
                  )}
                >
                  {view.name}
                </Link>{' '}
                <button
                  type="button"
                  className="govgr-link"
                  disabled={remove.isPending}
                  aria-label={t('savedViews.deleteNamed', { name: view.name })}
                  onClick={() =>
                    remove.mutate(view.id, {
                      onError: (failure) => showToast('error', errorMessage(failure)),
                    })
                  }
                >
                  {t('savedViews.delete')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <TextInput
            id="saved-view-name"
            label={t('savedViews.name')}
            hint={t('savedViews.nameHint')}
            error={error}
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="govgr-btn govgr-btn-secondary" disabled={save.isPending}>
            {t('savedViews.save')}
          </button>
        </form>
      </div>
    </details>
  );
}
