import { controlAria, inputClassName } from '../../../../ui/form';
import { useDatasetLevels } from '../../api/get-dataset-level';
import { GroupShell, hasHint } from '../form-primitives';
import type { FieldComponentProps } from '../types';
import { useDocumentsText } from '../use-renderer-text';

/**
 * Cascading selects over a dataset of the catalogue (component-params.dataset), read level by
 * level from the API: the first level at once, each next one once a value is chosen above it.
 * The value is the path of values, as with an inline tree.
 */
export function DatasetSelectField(props: FieldComponentProps & { dataset: string }) {
  const t = useDocumentsText();
  const { id, field, locale, value, onChange, error, dataset } = props;
  const path = Array.isArray(value) ? (value as string[]) : [];
  const levels = useDatasetLevels(dataset, path);
  const labels = field['component-params'].levels;
  const failed = levels.find((level) => level.isError);
  return (
    <GroupShell props={props}>
      {levels.map((level, depth) => {
        const elements = level.data?.data.elements ?? [];
        // Under a leaf, nothing more to choose.
        if (level.isSuccess && elements.length === 0) return null;
        const levelId = depth === 0 ? id : `${id}-${depth}`;
        const label =
          labels?.[depth]?.[locale] ??
          level.data?.meta.labels[depth]?.[locale] ??
          t('choice.level', { number: depth + 1 });
        return (
          <div key={depth} className="govgr-field">
            <label className="govgr-label" htmlFor={levelId}>
              {label}
            </label>
            <select
              id={levelId}
              className={inputClassName('govgr-select', depth === 0 && Boolean(error))}
              value={path[depth] ?? ''}
              disabled={!level.isSuccess}
              aria-busy={level.isPending || undefined}
              {...(depth === 0
                ? controlAria(id, { hasHint: hasHint(field), hasError: Boolean(error) })
                : {})}
              onChange={(event) => {
                const next = path.slice(0, depth);
                if (event.target.value) next.push(event.target.value);
                onChange(next);
              }}
            >
              <option value="">{level.isPending ? t('choice.loading') : t('form.select')}</option>
              {elements.map((element) => (
                <option key={element.value} value={element.value}>
                  {element.label[locale]}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      {failed ? (
        <div role="alert">
          <p className="govgr-body">{t('choice.failed')}</p>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            onClick={() => void failed.refetch()}
          >
            {t('choice.retry')}
          </button>
        </div>
      ) : null}
    </GroupShell>
  );
}
