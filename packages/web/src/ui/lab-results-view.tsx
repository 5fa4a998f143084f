import {
  LAB_TEXT_LIMITS,
  splitDoctorNotes,
  truncateLabText,
  type LabIndicator,
  type LabResults,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import './lab-results.css';

/** A cut text keeps its whole value as a tooltip and for assistive technology. */
function Cut({ text, limit }: { text: string | null | undefined; limit: number }) {
  if (!text) return null;
  const shown = truncateLabText(text, limit);
  if (shown === text) return <>{text}</>;
  return (
    <span title={text}>
      <span aria-hidden="true">{shown}</span>
      <span className="govgr-visually-hidden">{text}</span>
    </span>
  );
}

function cellStyle(indicator: LabIndicator) {
  return {
    ...(indicator.bold ? { fontWeight: 700 } : {}),
    ...(indicator.align ? { textAlign: indicator.align } : {}),
  };
}

/**
 * Lab results (spec sections 3 and 9): the titles, then each result as a table of indicators
 * (description, value with its unit, reference range, extra field), long texts cut; the doctor's
 * notes, from 'ΠΑΡΑΤΗΡΗΣΕΙΣ' on, as text below the table.
 */
export function LabResultsView({ results }: { results: LabResults }) {
  const { t } = useTranslation('messages');
  return (
    <section className="dilosi-lab-results" aria-label={t('lab.label')}>
      {results.titles.map((title, index) => (
        <h3 key={`${title}-${index}`} className="govgr-heading-s">
          {title}
        </h3>
      ))}
      {results.results.map((result, index) => {
        const { measurements, notes } = splitDoctorNotes(result.indicators);
        return (
          <div key={index} className="dilosi-lab-result">
            {measurements.length > 0 ? (
              <div className="govgr-table-container">
                <table className="govgr-table">
                  <caption className="govgr-table__caption">
                    {result.title ?? t('lab.result', { number: index + 1 })}
                  </caption>
                  <thead className="govgr-table__head">
                    <tr className="govgr-table__row">
                      <th scope="col" className="govgr-table__header">
                        {t('lab.description')}
                      </th>
                      <th scope="col" className="govgr-table__header">
                        {t('lab.value')}
                      </th>
                      <th scope="col" className="govgr-table__header">
                        {t('lab.reference')}
                      </th>
                      <th scope="col" className="govgr-table__header">
                        {t('lab.extra')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="govgr-table__body">
                    {measurements.map((indicator, row) => (
                      <tr key={row} className="govgr-table__row" style={cellStyle(indicator)}>
                        <th
                          scope="row"
                          className="govgr-table__header"
                          style={cellStyle(indicator)}
                        >
                          <Cut text={indicator.description} limit={LAB_TEXT_LIMITS.description} />
                        </th>
                        <td className="govgr-table__cell" style={cellStyle(indicator)}>
                          <Cut text={indicator.value} limit={LAB_TEXT_LIMITS.value} />
                          {indicator.unit ? ` ${indicator.unit}` : null}
                        </td>
                        <td className="govgr-table__cell">{indicator.ref_unit ?? ''}</td>
                        <td className="govgr-table__cell">
                          <Cut text={indicator.extra_field} limit={LAB_TEXT_LIMITS.extra_field} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {notes.length > 0 ? (
              <div className="dilosi-lab-notes">
                <h4 className="govgr-heading-s">{t('lab.notes')}</h4>
                {notes.slice(1).map((note, row) => (
                  <p key={row} className="govgr-body">
                    {[note.description, note.value].filter(Boolean).join(' ')}
                  </p>
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
