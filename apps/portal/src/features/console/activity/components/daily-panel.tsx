import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { type DailyCount, useGetDailyDeliveriesQuery } from '../api/deliveries.ts';
import { everyDay } from '../lib/daily-series.ts';
import { formatDay, utcDay } from '../lib/format.ts';

// Chart.js is fetched only when this section opens.
const DailyChart = lazy(() => import('./daily-chart.tsx'));

const SPANS = [30, 90, 365] as const;

/** Sent and failed e-mails of the store per day: a chart, and the same figures as a table on demand. */
export function DailyPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation('console-activity');
  const [span, setSpan] = useState<(typeof SPANS)[number]>(30);
  const [showTable, setShowTable] = useState(false);
  const spanId = useId();
  const tableId = useId();
  const range = useMemo(() => ({ from: utcDay(span - 1), to: utcDay(0) }), [span]);
  const daily = useGetDailyDeliveriesQuery({ code, ...range });
  // Every day of the period, zeros included: the server answers only the days that had deliveries.
  const days = useMemo(() => daily.data && everyDay(daily.data, range.from, range.to), [daily.data, range]);
  const totals = (days ?? []).reduce(
    (sum, d) => ({ sent: sum.sent + d.sent, failed: sum.failed + d.failed }),
    {
      sent: 0,
      failed: 0,
    },
  );
  const labels = useMemo(
    () => ({
      day: (day: string) => formatDay(day, i18n.language),
      sent: t('daily.sent'),
      failed: t('daily.failed'),
      summary: t('daily.summary', { sent: totals.sent, failed: totals.failed, days: span }),
    }),
    [i18n.language, t, totals.sent, totals.failed, span],
  );

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-daily-title">
      <div className="tw-activity__panel-head">
        <h3 id="tw-daily-title" className="h5">
          {t('daily.title')}
        </h3>
        <label className="tw-activity__span" htmlFor={spanId}>
          <span>{t('daily.span')}</span>
          <select
            id={spanId}
            className="form-select form-select-sm"
            value={span}
            onChange={(event) => setSpan(Number(event.target.value) as (typeof SPANS)[number])}
          >
            {SPANS.map((n) => (
              <option key={n} value={n}>
                {t('daily.lastDays', { days: n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {daily.isLoading ? (
        <PendingMessage>{t('state.loading')}</PendingMessage>
      ) : daily.error || !days ? (
        <ConsoleLoadError error={daily.error} onRetry={daily.refetch} />
      ) : totals.sent + totals.failed === 0 ? (
        <p className="tw-console__empty">{t('daily.empty')}</p>
      ) : (
        <>
          <Suspense fallback={<PendingMessage>{t('daily.chartLoading')}</PendingMessage>}>
            <DailyChart days={days} labels={labels} rtl={i18n.dir() === 'rtl'} />
          </Suspense>
          <p className="mt-2 mb-1">{labels.summary}</p>
          <button
            type="button"
            className="btn btn-link px-0"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable(!showTable)}
          >
            {showTable ? t('daily.hideTable') : t('daily.showTable')}
          </button>
          {/* The table lists the days that had e-mails; the chart shows every day, the others as zeros. */}
          <DailyTable id={tableId} days={days.filter((d) => d.sent + d.failed > 0)} hidden={!showTable} />
        </>
      )}
    </section>
  );
}

/**
 * The chart's figures as a table (its text alternative), shown on demand: the portal's DataTable, day by day
 * as the chart reads, sortable by day or by either count; below 640 px one card per day.
 */
function DailyTable({ id, days, hidden }: { id: string; days: DailyCount[]; hidden: boolean }) {
  const { t, i18n } = useTranslation('console-activity');
  const columns = useMemo<DataColumn<DailyCount>[]>(
    () => [
      {
        id: 'day',
        accessorKey: 'day',
        meta: { label: t('daily.day'), rowHeader: true, nowrap: true },
        cell: ({ row }) => formatDay(row.original.day, i18n.language),
      },
      { id: 'sent', accessorKey: 'sent', meta: { label: t('daily.sent'), numeric: true } },
      { id: 'failed', accessorKey: 'failed', meta: { label: t('daily.failed'), numeric: true } },
    ],
    [t, i18n.language],
  );
  return (
    <div id={id} hidden={hidden}>
      <DataTable
        caption={t('daily.caption')}
        captionShown
        columns={columns}
        rows={days}
        rowId={(d) => d.day}
        status={{ isLoading: false }}
        empty={t('daily.empty')}
        initialSorting={BY_DAY}
        columnMenu={false}
      />
    </div>
  );
}

const BY_DAY = [{ id: 'day', desc: false }];
