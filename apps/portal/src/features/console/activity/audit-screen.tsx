import type { PaginationState } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { ConsoleLoadError } from '../components/console-load-error.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { type AuditFilters, useExportAuditCsvMutation, useListAuditQuery } from './api/audit.ts';
import { AuditFiltersForm } from './components/audit-filters.tsx';
import { AuditTable } from './components/audit-table.tsx';
import { downloadText } from './lib/download.ts';

/** The newest entries first, 25 to a page (the table offers 10 to 100). */
const FIRST_PAGE: PaginationState = { pageIndex: 0, pageSize: 25 };

/**
 * `/admin/stores/:code/audit`: the store's audit log, filtered, in numbered pages, exported as CSV. Without a code
 * (`/admin/audit`, platform operators): the log of every store, with each entry's store and a store filter.
 */
export function AuditScreen({ code }: { code?: string }) {
  const { t, ready } = useTranslation('console-activity');
  const { t: tCommon } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [paging, setPaging] = useState<PaginationState>(FIRST_PAGE);
  const log = useListAuditQuery(
    { code, filters, page: paging.pageIndex + 1, limit: paging.pageSize },
    { skip: !ready },
  );
  // The page shown while the next one loads (a mask over it), so the pager keeps the keyboard's focus.
  const page = log.data;
  const [exportCsv, exporting] = useExportAuditCsvMutation();

  async function download() {
    const done = await exportCsv({ code, filters });
    if ('error' in done) {
      notify.error(describeApiError(done.error, tCommon));
      return;
    }
    downloadText(done.data, `audit-${code ?? 'all-stores'}.csv`, 'text/csv;charset=utf-8');
    notify.success(t('audit.exported'));
  }

  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  const exportButton = (
    <button
      type="button"
      className="btn btn-outline-primary"
      onClick={download}
      disabled={exporting.isLoading}
    >
      {exporting.isLoading ? t('audit.exporting') : t('audit.export')}
    </button>
  );
  return (
    <div className="tw-activity">
      <ConsoleScreen
        title={code ? t('audit.title') : t('audit.allTitle')}
        // The way back to every store is in the console's navigation; the header holds the export.
        actions={exportButton}
      >
        <AuditFiltersForm
          withStore={!code}
          onApply={(next) => {
            setFilters(next);
            setPaging({ ...paging, pageIndex: 0 });
          }}
        />
        {log.isFetching && !page ? (
          <PendingMessage>{t('state.loading')}</PendingMessage>
        ) : log.error || !page ? (
          <ConsoleLoadError error={log.error} onRetry={log.refetch} />
        ) : page.entries.length === 0 ? (
          <p className="tw-console__empty">
            {Object.keys(filters).some((k) => filters[k as keyof AuditFilters])
              ? t('audit.noMatch')
              : code
                ? t('audit.empty')
                : t('audit.allEmpty')}
          </p>
        ) : (
          <AuditTable
            entries={page.entries}
            showStore={!code}
            paging={{ ...paging, total: page.total, fetching: log.isFetching, onChange: setPaging }}
          />
        )}
      </ConsoleScreen>
    </div>
  );
}
