import { type ConsoleUserSummary, OKTA_USER_STATUSES, type OktaUserStatus } from '@trackwell/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../components/console-load-error.tsx';
import { ConsoleScreen } from '../components/console-screen.tsx';
import './activity.css';
import { Breakable } from '../components/breakable.tsx';
import { type UsersSearch, useListUsersQuery } from './api/users.ts';
import { UserDetail } from './components/user-detail.tsx';
import { formatInstant } from './lib/format.ts';

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

/** One user of the list; on a phone the last sign-in is left to the user's detail (the login and Open keep their room). */
function UserRow({ user: u, onOpen }: { user: ConsoleUserSummary; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <tr>
      <td>{`${u.firstName} ${u.lastName}`}</td>
      <td className="tw-console__host">
        <Breakable text={u.login} />
      </td>
      <td>{t(`users.statuses.${u.status}`)}</td>
      <td className="d-none d-sm-table-cell">
        {u.lastLogin ? formatInstant(u.lastLogin, i18n.language) : t('users.never')}
      </td>
      <td className="text-end">
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onOpen(u.id)}>
          {t('users.open')} <span className="tw-visually-hidden">{u.login}</span>
        </button>
      </td>
    </tr>
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
  if (list.isLoading) return <PendingMessage>{t('state.loading')}</PendingMessage>;
  if (list.error || !list.data) return <ConsoleLoadError error={list.error} onRetry={list.refetch} />;
  const { users, nextAfter } = list.data;
  return (
    <>
      {users.length === 0 ? (
        <p className="tw-console__empty">{t('users.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle tw-console__table">
            <caption className="tw-visually-hidden">{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.login')}</th>
                <th scope="col">{t('users.status')}</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  {t('users.lastLogin')}
                </th>
                <th scope="col">
                  <span className="tw-visually-hidden">{t('table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <UserRow key={u.id} user={u} onOpen={onOpen} />
              ))}
            </tbody>
          </table>
        </div>
      )}
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
