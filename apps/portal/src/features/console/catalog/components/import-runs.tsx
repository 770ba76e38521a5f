import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { type ImportRun, useListCatalogImportRunsQuery } from '../api/catalog-api.ts';
import { formatDateTime } from '../lib/format.ts';

/** The store's latest import runs: when, outcome, and the counts (all here: they sort in the browser). */
export function ImportRuns({ code }: { code: string }) {
  const { t, i18n } = useTranslation('console-catalog');
  const runs = useListCatalogImportRunsQuery(code);
  const columns = useMemo((): DataColumn<ImportRun>[] => {
    const total = (key: keyof ImportRun['totals'], label: string): DataColumn<ImportRun> => ({
      id: key,
      accessorFn: (run) => run.totals[key],
      meta: { label, numeric: true },
    });
    return [
      {
        id: 'startedAt',
        accessorKey: 'startedAt',
        meta: { label: t('runs.startedAt') },
        cell: ({ row }) => formatDateTime(row.original.startedAt, i18n.language),
      },
      { id: 'outcome', accessorFn: (run) => runOutcome(run.outcome, t), meta: { label: t('runs.outcome') } },
      total('new', t('outcomes.new')),
      total('changed', t('outcomes.changed')),
      total('unchanged', t('outcomes.unchanged')),
      total('error', t('outcomes.error')),
    ];
  }, [t, i18n.language]);
  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-catalog-runs-title">
      <h3 id="tw-catalog-runs-title" className="h5">
        {t('runs.title')}
      </h3>
      <DataTable
        caption={t('runs.caption')}
        columns={columns}
        rows={runs.data ?? []}
        rowId={(run) => run.id}
        status={{
          isLoading: runs.isLoading,
          isFetching: runs.isFetching,
          error: runs.error,
          onRetry: () => void runs.refetch(),
        }}
        empty={t('runs.empty')}
      />
    </section>
  );
}

function runOutcome(outcome: string, t: ReturnType<typeof useTranslation<'console-catalog'>>['t']) {
  return outcome === 'applied' || outcome === 'refused' || outcome === 'failed'
    ? t(`runs.outcomes.${outcome}`)
    : outcome;
}
