import type { ConsoleOrganisationSummary } from '@trackwell/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { useListStoreOrganisationsQuery } from './api/organisations.ts';
import { OrganisationDetail } from './components/organisation-detail.tsx';
import { formatInstant } from './lib/format.ts';
import { openColumn } from './lib/open-column.tsx';

/**
 * `/admin/stores/:code/organisations`: the store's organisations with their seats (members and open
 * invitations, of the limit), members, invitations and lists; open one to see its members and set its limit.
 */
export function OrganisationsScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  const list = useListStoreOrganisationsQuery(code);
  const [openId, setOpenId] = useState<string | null>(null);
  const columns = useOrganisationColumns(setOpenId);
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('organisations.title')}>
        <DataTable
          caption={t('organisations.caption')}
          columns={columns}
          rows={list.data ?? []}
          rowId={(o) => o.id}
          status={{
            isLoading: list.isLoading,
            isFetching: list.isFetching,
            error: list.error,
            onRetry: () => void list.refetch(),
          }}
          empty={t('organisations.empty')}
          filterLabel={t('organisations.filter')}
        />
        {openId ? (
          <OrganisationDetail code={code} organisationId={openId} onClose={() => setOpenId(null)} />
        ) : null}
      </ConsoleScreen>
    </div>
  );
}

function useOrganisationColumns(onOpen: (id: string) => void): DataColumn<ConsoleOrganisationSummary>[] {
  const { t, i18n } = useTranslation('console-activity');
  const open = useRef(onOpen);
  open.current = onOpen;
  return useMemo(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        meta: { label: t('organisations.name'), dir: 'auto', rowHeader: true },
      },
      {
        id: 'seats',
        accessorFn: (o) => o.seats.used,
        meta: { label: t('organisations.seats'), numeric: true },
        cell: ({ row }) =>
          t('organisations.seatsOf', { used: row.original.seats.used, limit: row.original.seats.limit }),
      },
      { id: 'members', accessorKey: 'members', meta: { label: t('organisations.members'), numeric: true } },
      {
        id: 'openInvitations',
        accessorKey: 'openInvitations',
        meta: { label: t('organisations.invitations'), numeric: true },
      },
      { id: 'lists', accessorKey: 'lists', meta: { label: t('organisations.lists'), numeric: true } },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        meta: { label: t('organisations.created'), dir: 'ltr', nowrap: true },
        cell: ({ row }) => formatInstant(row.original.createdAt, i18n.language),
      },
      openColumn<ConsoleOrganisationSummary>({
        label: t('table.actions'),
        text: t('organisations.open'),
        nameOf: (o) => o.name,
        open,
      }),
    ],
    [t, i18n.language],
  );
}
