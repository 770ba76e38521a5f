import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { useListCatalogImportRunsQuery } from '../api/catalog-api.ts';
import { formatDateTime } from '../lib/format.ts';

/** The store's latest import runs: when, outcome, and the counts. */
export function ImportRuns({ code }: { code: string }) {
  const { t, i18n } = useTranslation('console-catalog');
  const runs = useListCatalogImportRunsQuery(code);
  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-catalog-runs-title">
      <h3 id="tw-catalog-runs-title" className="h5">
        {t('runs.title')}
      </h3>
      {runs.isLoading ? (
        <PendingMessage>{t('runs.loading')}</PendingMessage>
      ) : runs.error || !runs.data ? (
        <ConsoleLoadError error={runs.error} onRetry={runs.refetch} />
      ) : runs.data.length === 0 ? (
        <p className="tw-console__empty">{t('runs.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('runs.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('runs.startedAt')}</th>
                <th scope="col">{t('runs.outcome')}</th>
                <th scope="col">{t('outcomes.new')}</th>
                <th scope="col">{t('outcomes.changed')}</th>
                <th scope="col">{t('outcomes.unchanged')}</th>
                <th scope="col">{t('outcomes.error')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id}>
                  <td>{formatDateTime(run.startedAt, i18n.language)}</td>
                  <td>{runOutcome(run.outcome, t)}</td>
                  <td>{run.totals.new}</td>
                  <td>{run.totals.changed}</td>
                  <td>{run.totals.unchanged}</td>
                  <td>{run.totals.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function runOutcome(outcome: string, t: ReturnType<typeof useTranslation<'console-catalog'>>['t']) {
  return outcome === 'applied' || outcome === 'refused' || outcome === 'failed'
    ? t(`runs.outcomes.${outcome}`)
    : outcome;
}
