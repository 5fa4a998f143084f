import {
  caseStatisticsQuerySchema,
  type CaseStatistics,
  type CaseStatus,
  type LocalizedText,
} from '@dilosi/domain';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useStatistics, type StatisticsFilters } from './api/get-statistics';
import { HeadNav, StaffTable } from './staff-ui';
import '../../ui/dashboard.css';

// The charts and their library load only with this page, after its figures (DESIGN section 7).
const WeeklyChart = lazy(() =>
  import('./statistics-charts').then((m) => ({ default: m.WeeklyChart })),
);
const AgeChart = lazy(() => import('./statistics-charts').then((m) => ({ default: m.AgeChart })));
const StatusChart = lazy(() =>
  import('./statistics-charts').then((m) => ({ default: m.StatusChart })),
);

/** YYYY-MM-DD as the interface shows a day: DD/MM/YYYY. */
const dayLabel = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

function filtersOf(search: URLSearchParams): StatisticsFilters {
  const parsed = caseStatisticsQuerySchema.safeParse({
    date_from: search.get('date_from') ?? undefined,
    date_to: search.get('date_to') ?? undefined,
    template: search.get('template') ?? undefined,
  });
  // A hand-edited address that the server would refuse shows the default period instead.
  return parsed.success ? parsed.data : {};
}

/**
 * .../statistics (issue #41, heads only): an entity's figures at a glance for a period and a
 * template, every figure in a table (the charts beside them are for the eye, hidden from screen
 * readers, which read the tables). The filters live in the URL.
 */
export function StatisticsPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const query = useStatistics(entityId, filters);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const stats = query.data.data;
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page dilosi-statistics">
        <PageHeading>{t('statistics.title')}</PageHeading>
        <HeadNav entityId={entityId} />
        <StatisticsFiltersForm
          // Filled from the figures on screen: a new answer (not the previous one kept while
          // loading) starts the form again.
          key={`${stats.range.date_from}|${stats.range.date_to}|${stats.template ?? ''}`}
          stats={stats}
          onApply={(next) => {
            const params = new URLSearchParams();
            for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
            setSearch(params);
          }}
        />
        <p className="govgr-body" aria-live="polite">
          {t('statistics.range', {
            from: dayLabel(stats.range.date_from),
            to: dayLabel(stats.range.date_to),
          })}
        </p>
        <Summary stats={stats} />
        <WeeklySection stats={stats} />
        <TimeToFinishSection stats={stats} />
        <AgeSection stats={stats} />
        <LoadSection stats={stats} />
        <StatusSection stats={stats} />
      </div>
    </PageContainer>
  );
}

function StatisticsFiltersForm({
  stats,
  onApply,
}: {
  stats: CaseStatistics;
  onApply: (filters: StatisticsFilters) => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const [from, setFrom] = useState(stats.range.date_from);
  const [to, setTo] = useState(stats.range.date_to);
  const [template, setTemplate] = useState(stats.template ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = caseStatisticsQuerySchema.safeParse({
      date_from: from || undefined,
      date_to: to || undefined,
      template: template || undefined,
    });
    if (!parsed.success) {
      setError(
        from && to && from > to
          ? t('statistics.filters.reversed')
          : t('statistics.filters.invalid'),
      );
      return;
    }
    setError(null);
    onApply(parsed.data);
  };
  return (
    <form className="dilosi-statistics-filters" onSubmit={submit} noValidate>
      <fieldset className="govgr-fieldset">
        <legend className="govgr-fieldset__legend govgr-heading-s">
          {t('statistics.filters.legend')}
        </legend>
        {error ? (
          <p id="statistics-filters-error" className="govgr-error-message" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dilosi-statistics-filter-row">
          <div className="govgr-field">
            <label className="govgr-label" htmlFor="statistics-template">
              {t('statistics.filters.template')}
            </label>
            <select
              id="statistics-template"
              className="govgr-select"
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
            >
              <option value="">{t('statistics.filters.allTemplates')}</option>
              {stats.templates.map((item) => (
                <option key={item.refname} value={item.refname}>
                  {localized(item.title, locale)} ({item.count})
                </option>
              ))}
              {stats.template && !stats.templates.some((x) => x.refname === stats.template) ? (
                <option value={stats.template}>{stats.template}</option>
              ) : null}
            </select>
          </div>
          <div className="govgr-field">
            <label className="govgr-label" htmlFor="statistics-from">
              {t('statistics.filters.from')}
            </label>
            <input
              id="statistics-from"
              className="govgr-input"
              type="date"
              value={from}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'statistics-filters-error' : undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="govgr-field">
            <label className="govgr-label" htmlFor="statistics-to">
              {t('statistics.filters.to')}
            </label>
            <input
              id="statistics-to"
              className="govgr-input"
              type="date"
              value={to}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'statistics-filters-error' : undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <button type="submit" className="govgr-btn govgr-btn-primary">
            {t('statistics.filters.apply')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function localized(text: LocalizedText, locale: string): string {
  return (text as Record<string, string | undefined>)[locale] || text.el;
}

function useFormat() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return {
    number: (n: number) => number.format(n),
    days: (n: number | null) =>
      n === null
        ? t('statistics.summary.none')
        : t('statistics.days', { count: n, value: number.format(n) }),
    percent: (n: number) => percent.format(n),
  };
}

function Summary({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const received = stats.weeks.reduce((n, w) => n + w.received, 0);
  const finished = stats.weeks.reduce((n, w) => n + w.finished, 0);
  const share = stats.open.total ? stats.open.overdue / stats.open.total : 0;
  const items: [string, string, string?][] = [
    [t('statistics.summary.received'), format.number(received)],
    [t('statistics.summary.finished'), format.number(finished)],
    [t('statistics.summary.median'), format.days(stats.time_to_finish.median_days)],
    [t('statistics.summary.p90'), format.days(stats.time_to_finish.p90_days)],
    [t('statistics.summary.open'), format.number(stats.open.total)],
    [
      t('statistics.summary.overdue'),
      format.number(stats.open.overdue),
      t('statistics.share', { value: format.percent(share) }),
    ],
  ];
  return (
    <section aria-labelledby="statistics-summary">
      <h2 id="statistics-summary" className="govgr-heading-m">
        {t('statistics.summary.title')}
      </h2>
      <dl className="dilosi-statistics-summary">
        {items.map(([label, value, note]) => (
          <div key={label} className="dilosi-statistics-figure">
            <dt className="govgr-body">{label}</dt>
            <dd className="govgr-heading-m">
              {value}
              {note ? <span className="govgr-body dilosi-statistics-note"> {note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A chart for the eye: hidden from screen readers (the table after it says the same). */
function ChartFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dilosi-statistics-chart" aria-hidden="true">
      <Suspense fallback={<p className="govgr-body">{t('statistics.chartsLoading')}</p>}>
        {children}
      </Suspense>
    </div>
  );
}

function WeeklySection({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const labels = {
    received: t('statistics.weekly.received'),
    finished: t('statistics.weekly.finished'),
  };
  return (
    <section aria-labelledby="statistics-weekly">
      <h2 id="statistics-weekly" className="govgr-heading-m">
        {t('statistics.weekly.title')}
      </h2>
      {stats.weeks.every((w) => w.received === 0 && w.finished === 0) ? (
        <p className="govgr-body">{t('statistics.empty')}</p>
      ) : (
        <ChartFrame>
          <WeeklyChart
            data={stats.weeks.map((w) => ({ ...w, label: dayLabel(w.week).slice(0, 5) }))}
            labels={labels}
          />
        </ChartFrame>
      )}
      <StaffTable
        id="statistics-weekly-caption"
        caption={t('statistics.weekly.caption')}
        head={[t('statistics.weekly.week'), labels.received, labels.finished]}
      >
        {stats.weeks.map((w) => (
          <tr key={w.week} className="govgr-table__row">
            <td className="govgr-table__cell">{dayLabel(w.week)}</td>
            <td className="govgr-table__cell govgr-table__cell--numeric">
              {format.number(w.received)}
            </td>
            <td className="govgr-table__cell govgr-table__cell--numeric">
              {format.number(w.finished)}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

function TimeToFinishSection({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const { count, median_days, p90_days } = stats.time_to_finish;
  return (
    <section aria-labelledby="statistics-time">
      <h2 id="statistics-time" className="govgr-heading-m">
        {t('statistics.timeToFinish.title')}
      </h2>
      {count === 0 ? (
        <p className="govgr-body">{t('statistics.timeToFinish.none')}</p>
      ) : (
        <>
          <dl className="dilosi-statistics-summary">
            <div className="dilosi-statistics-figure">
              <dt className="govgr-body">{t('statistics.summary.median')}</dt>
              <dd className="govgr-heading-m">{format.days(median_days)}</dd>
            </div>
            <div className="dilosi-statistics-figure">
              <dt className="govgr-body">{t('statistics.summary.p90')}</dt>
              <dd className="govgr-heading-m">{format.days(p90_days)}</dd>
            </div>
          </dl>
          <p className="govgr-body">{t('statistics.timeToFinish.count', { count })}</p>
        </>
      )}
    </section>
  );
}

function AgeSection({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const labels = {
    count: t('statistics.age.count'),
    onTime: t('statistics.age.onTime'),
    overdue: t('statistics.age.overdue'),
  };
  return (
    <section aria-labelledby="statistics-age">
      <h2 id="statistics-age" className="govgr-heading-m">
        {t('statistics.age.title')}
      </h2>
      <p className="govgr-body">{t('statistics.age.note')}</p>
      {stats.open.total > 0 ? (
        <ChartFrame>
          <AgeChart
            data={stats.open.buckets.map((b) => ({
              label: b.bucket,
              onTime: b.count - b.overdue,
              overdue: b.overdue,
            }))}
            labels={labels}
          />
        </ChartFrame>
      ) : null}
      <StaffTable
        id="statistics-age-caption"
        caption={t('statistics.age.caption')}
        head={[t('statistics.age.bucket'), labels.count, labels.overdue]}
      >
        {stats.open.buckets.map((b) => (
          <tr key={b.bucket} className="govgr-table__row">
            <td className="govgr-table__cell">{b.bucket}</td>
            <td className="govgr-table__cell govgr-table__cell--numeric">
              {format.number(b.count)}
            </td>
            <td className="govgr-table__cell govgr-table__cell--numeric">
              {format.number(b.overdue)}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

function LoadSection({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  return (
    <section aria-labelledby="statistics-load">
      <h2 id="statistics-load" className="govgr-heading-m">
        {t('statistics.load.title')}
      </h2>
      {stats.load.length === 0 ? (
        <p className="govgr-body">{t('statistics.load.none')}</p>
      ) : (
        <StaffTable
          id="statistics-load-caption"
          caption={t('statistics.load.caption')}
          head={[
            t('statistics.load.name'),
            t('statistics.load.open'),
            t('statistics.load.finished'),
          ]}
        >
          {stats.load.map((row) => (
            <tr key={row.assignee_id ?? 'none'} className="govgr-table__row">
              <td className="govgr-table__cell">
                {row.assignee_id === null ? t('statistics.load.unassigned') : row.name}
              </td>
              <td className="govgr-table__cell govgr-table__cell--numeric">
                {format.number(row.open)}
              </td>
              <td className="govgr-table__cell govgr-table__cell--numeric">
                {format.number(row.finished)}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

function StatusSection({ stats }: { stats: CaseStatistics }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const label = (status: CaseStatus) => t(`status.${status}`);
  return (
    <section aria-labelledby="statistics-statuses">
      <h2 id="statistics-statuses" className="govgr-heading-m">
        {t('statistics.statuses.title')}
      </h2>
      {stats.statuses.some((s) => s.count > 0) ? (
        <ChartFrame>
          <StatusChart
            data={stats.statuses.map((s) => ({
              status: s.status,
              label: label(s.status),
              count: s.count,
            }))}
            label={t('statistics.statuses.count')}
          />
        </ChartFrame>
      ) : null}
      <StaffTable
        id="statistics-statuses-caption"
        caption={t('statistics.statuses.caption')}
        head={[t('statistics.statuses.status'), t('statistics.statuses.count')]}
      >
        {stats.statuses.map((s) => (
          <tr key={s.status} className="govgr-table__row">
            <td className="govgr-table__cell">{label(s.status)}</td>
            <td className="govgr-table__cell govgr-table__cell--numeric">
              {format.number(s.count)}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}
