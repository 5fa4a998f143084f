import {
  displayValue,
  type DocumentPreview,
  type Locale,
  type StepElement,
  type StepField,
} from '@dilosi/domain';
import { DocumentPreviewView } from '../../../ui/document-preview-view';
import { Notice } from './fields/display-fields';
import { isAttachmentState } from './form-values';
import { isSafeHref, MarkdownLite } from './markdown-lite';
import { useDocumentsText } from './use-renderer-text';

/** Step content besides the form (spec section 2, Step rendering). */

type ElementsContext = {
  locale: Locale;
  fields: Record<string, StepField>;
  values: Record<string, unknown>;
  preview: DocumentPreview | null;
};

/** How a field's current value reads (attachments by file name). */
export function readableValue(field: StepField, value: unknown, locale: Locale): string {
  if (field.component === 'attachment') {
    if (isAttachmentState(value)) {
      return [
        ...value.keep.map((file) => file.filename),
        ...value.files.map((file) => file.name),
      ].join(', ');
    }
    return '';
  }
  return displayValue(field, value, locale);
}

/** A list_of field's rows as a read-only table with a caption, scrolling inside its container. */
export function ListTable({
  field,
  rows,
  locale,
}: {
  field: StepField;
  rows: unknown;
  locale: Locale;
}) {
  const t = useDocumentsText();
  const columns = field['list-of']?.fields ?? [];
  const data = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  return (
    <div
      className="govgr-table-container dilosi-scroll-x"
      role="region"
      aria-label={field.label[locale]}
      tabIndex={0}
    >
      <table className="govgr-table govgr-table--dense">
        <caption className="govgr-table__caption govgr-table__caption--s">
          {field.label[locale]}
        </caption>
        <thead className="govgr-table__head">
          <tr className="govgr-table__row">
            {columns.map((column) => (
              <th key={column.key} scope="col" className="govgr-table__header">
                {column.label[locale]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="govgr-table__body">
          {data.length === 0 ? (
            <tr className="govgr-table__row">
              <td
                className="govgr-table__cell govgr-table__cell--no-data"
                colSpan={columns.length || 1}
              >
                {t('tabular.empty')}
              </td>
            </tr>
          ) : (
            data.map((row, index) => (
              <tr key={index} className="govgr-table__row">
                {columns.map((column) => (
                  <td key={column.key} className="govgr-table__cell">
                    {readableValue(column, row[column.key], locale)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ValueList({ keys, context }: { keys: string[]; context: ElementsContext }) {
  const { fields, values, locale } = context;
  return (
    <dl className="govgr-summary-list">
      {keys.map((key) => {
        const field = fields[key];
        if (!field) return null;
        return (
          <div key={key} className="govgr-summary-list__row">
            <dt className="govgr-summary-list__key">{field.label[locale]}</dt>
            <dd className="govgr-summary-list__value">
              {readableValue(field, values[key] ?? field.value, locale)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Element({ element, context }: { element: StepElement; context: ElementsContext }) {
  const { locale } = context;
  switch (element.type) {
    case 'heading':
      return <h2 className="govgr-heading-m">{element.text[locale]}</h2>;
    case 'text':
      return <MarkdownLite text={element.text[locale]} />;
    case 'notice':
      return (
        <Notice variant={element.variant ?? 'info'}>
          <MarkdownLite text={element.text[locale]} />
        </Notice>
      );
    case 'divider':
      return (
        <hr className="govgr-section-break govgr-section-break--m govgr-section-break--visible" />
      );
    case 'box':
      return (
        <div className="govgr-blockquote dilosi-box">
          {element.title ? <h2 className="govgr-heading-s">{element.title[locale]}</h2> : null}
          <MarkdownLite text={element.text[locale]} />
        </div>
      );
    case 'cards':
      return (
        <ul className="dilosi-cards">
          {element.cards.map((card, index) => (
            <li key={index} className="govgr-card govgr-card--border dilosi-card">
              <div className="govgr-card__body">
                <h2 className="govgr-card__heading govgr-heading-s">
                  {card.href && isSafeHref(card.href) ? (
                    <a className="govgr-link" href={card.href}>
                      {card.title[locale]}
                    </a>
                  ) : (
                    card.title[locale]
                  )}
                </h2>
                <MarkdownLite text={card.text[locale]} className="govgr-card__text govgr-body" />
              </div>
            </li>
          ))}
        </ul>
      );
    case 'columns':
      return (
        <div className="dilosi-columns">
          {element.columns.map((column, index) => (
            <div key={index} className="dilosi-columns__column">
              <StepElements elements={column} context={context} />
            </div>
          ))}
        </div>
      );
    case 'value-list':
      return <ValueList keys={element.fields} context={context} />;
    case 'tabular-list': {
      const field = context.fields[element.field];
      if (!field) return null;
      return (
        <ListTable field={field} rows={context.values[field.key] ?? field.value} locale={locale} />
      );
    }
    case 'print-section':
      return (
        <div className="dilosi-print-only">
          <StepElements elements={element.elements} context={context} />
        </div>
      );
    case 'document-preview':
      return <DocumentPreviewView preview={context.preview} locale={locale} />;
    default:
      return null;
  }
}

export function StepElements({
  elements,
  context,
}: {
  elements: StepElement[];
  context: ElementsContext;
}) {
  return (
    <>
      {elements.map((element, index) => (
        <Element key={index} element={element} context={context} />
      ))}
    </>
  );
}
