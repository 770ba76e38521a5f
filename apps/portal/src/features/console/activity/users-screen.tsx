import {
  type ConsoleUserSummary,
  OKTA_USER_STATUSES,
  type OktaUserStatus,
  personDisplayName,
} from '@trackwell/contracts';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { Breakable } from '../components/breakable.tsx';
import { type UsersSearch, useListUsersQuery } from './api/users.ts';
import { UserDetail } from './components/user-detail.tsx';
import { formatInstant } from './lib/format.ts';
import { openColumn } from './lib/open-column.tsx';

/**
 * `/admin/stores/:code/users`: find the store's users by login, e-mail, name and status, page
 * through them, and open one (its profile, factors, sessions, trackings and deliveries, and the actions).
 */
export function UsersScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-activity');
  const [search, setSearch] = useState<UsersSearch>({ code, q: '', status: '' });
  const [cursors, setCursors] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  if (!ready) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  const after = cursors.at(-1);
  return (
    <div className="tw-activity">
      <ConsoleScreen title={t('users.title')}>
        <SearchForm
          onSearch={(q, status) => {
            setSearch({ code, q, status });
            setCursors([]);
          }}
        />
        <UserList
          search={after ? { ...search, after } : search}
          onOpen={setOpenId}
          onNext={(cursor) => setCursors((c) => [...c, cursor])}
          onPrevious={cursors.length ? () => setCursors((c) => c.slice(0, -1)) : undefined}
        />
        {openId ? <UserDetail code={code} userId={openId} onClose={() => setOpenId(null)} /> : null}
      </ConsoleScreen>
    </div>
  );
}

function SearchForm({ onSearch }: { onSearch: (q: string, status: OktaUserStatus | '') => void }) {
  const { t } = useTranslation('console-activity');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OktaUserStatus | ''>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim().slice(0, 100), status);
  };
  return (
    <search aria-label={t('users.searchLabel')}>
      <form className="tw-activity__filters" onSubmit={submit}>
        <div>
          <label className="form-label" htmlFor="tw-users-q">
            {t('users.query')}
          </label>
          <input
            id="tw-users-q"
            type="search"
            className="form-control"
            value={q}
            maxLength={100}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div>
          <label className="form-label" htmlFor="tw-users-status">
            {t('users.status')}
          </label>
          <select
            id="tw-users-status"
            className="form-select"
            value={status}
            onChange={(e) => setStatus(e.target.value as OktaUserStatus | '')}
          >
            <option value="">{t('users.anyStatus')}</option>
            {OKTA_USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`users.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('users.search')}
        </button>
      </form>
    </search>
  );
}

/** The list's columns; the server orders and pages the users (by cursor), so none sorts here. */
function useUserColumns(onOpen: (id: string) => void): DataColumn<ConsoleUserSummary>[] {
  const { t, i18n } = useTranslation('console-activity');
  const open = useRef(onOpen);
  open.current = onOpen;
  return useMemo(
    () => [
      {
        id: 'name',
        accessorFn: (u) => personDisplayName(u),
        enableSorting: false,
        meta: { label: t('users.name'), dir: 'auto' },
      },
      {
        id: 'login',
        accessorKey: 'login',
        enableSorting: false,
        meta: { label: t('users.login') },
        cell: ({ row }) => <Breakable text={row.original.login} />,
      },
      {
        id: 'status',
        accessorKey: 'status',
        enableSorting: false,
        meta: { label: t('users.status') },
        cell: ({ row }) => t(`users.statuses.${row.original.status}`),
      },
      {
        id: 'lastLogin',
        accessorKey: 'lastLogin',
        enableSorting: false,
        meta: { label: t('users.lastLogin') },
        cell: ({ row }) =>
          row.original.lastLogin ? formatInstant(row.original.lastLogin, i18n.language) : t('users.never'),
      },
      openColumn<ConsoleUserSummary>({
        label: t('table.actions'),
        text: t('users.open'),
        nameOf: (u) => u.login,
        open,
      }),
    ],
    [t, i18n.language],
  );
}

function UserList({
  search,
  onOpen,
  onNext,
  onPrevious,
}: {
  search: UsersSearch;
  onOpen: (id: string) => void;
  onNext: (cursor: string) => void;
  onPrevious: (() => void) | undefined;
}) {
  const { t } = useTranslation('console-activity');
  const list = useListUsersQuery(search);
  const columns = useUserColumns(onOpen);
  const nextAfter = list.data?.nextAfter;
  return (
    <>
      <DataTable
        caption={t('users.caption')}
        columns={columns}
        rows={list.data?.users ?? []}
        rowId={(u) => u.id}
        status={{
          isLoading: list.isLoading,
          isFetching: list.isFetching,
          error: list.error,
          onRetry: () => void list.refetch(),
        }}
        empty={t('users.empty')}
      />
      {onPrevious || nextAfter ? (
        <nav className="tw-activity__pager" aria-label={t('users.pages')}>
          {onPrevious ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onPrevious}>
              {t('users.previous')}
            </button>
          ) : null}
          {nextAfter ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => onNext(nextAfter)}
            >
              {t('users.next')}
            </button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
