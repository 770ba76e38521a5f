import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import { type ConsoleStoreSummary, useListConsoleStoresQuery } from '../api/stores.ts';
import { useConsole } from '../console-context.ts';
import { isOperator, sectionsFor } from '../lib/roles.ts';
import { CreateStoreButton, CreateStoreForm } from '../stores/components/create-store.tsx';
import { Breakable } from './breakable.tsx';
import { ConsoleScreen } from './console-screen.tsx';

/** `/admin/stores`: the stores the user may run (operators: every store), each opening its first section. */
export function StoreListScreen() {
  const { t } = useTranslation('console');
  const { roles } = useConsole();
  const [firstSection] = sectionsFor(roles);
  const stores = useListConsoleStoresQuery();
  const [creating, setCreating] = useState(false);
  const createRef = useRef<HTMLButtonElement>(null);
  const columns = useStoreColumns(firstSection);
  // The primary action; the log of every store is in the navigation.
  const actions = isOperator(roles) ? (
    <CreateStoreButton ref={createRef} open={creating} onClick={() => setCreating(true)} />
  ) : null;
  return (
    <ConsoleScreen title={t('stores.title')} actions={actions}>
      {creating ? (
        <CreateStoreForm
          onCancel={() => {
            setCreating(false);
            requestAnimationFrame(() => createRef.current?.focus());
          }}
        />
      ) : null}
      <DataTable
        caption={t('stores.caption')}
        columns={columns}
        rows={stores.data ?? []}
        rowId={(store) => store.code}
        status={{
          isLoading: stores.isLoading,
          isFetching: stores.isFetching,
          error: stores.error,
          onRetry: () => void stores.refetch(),
        }}
        empty={t('stores.empty')}
        filterLabel={t('stores.filter')}
      />
    </ConsoleScreen>
  );
}

/** Name (opening the store's first section), code and host; all here, so sorted and filtered in the browser. */
function useStoreColumns(firstSection: string | undefined): DataColumn<ConsoleStoreSummary>[] {
  const { t } = useTranslation('console');
  return useMemo(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        meta: { label: t('stores.name'), dir: 'auto' },
        cell: ({ row }) => (
          <Link to={`/admin/stores/${row.original.code}/${firstSection ?? ''}`}>{row.original.name}</Link>
        ),
      },
      {
        id: 'code',
        accessorKey: 'code',
        meta: { label: t('stores.code'), dir: 'ltr', nowrap: true },
        cell: ({ row }) => <code>{row.original.code}</code>,
      },
      {
        id: 'host',
        accessorKey: 'canonicalHost',
        meta: { label: t('stores.host'), dir: 'ltr' },
        cell: ({ row }) => <Breakable text={row.original.canonicalHost} />,
      },
    ],
    [t, firstSection],
  );
}
