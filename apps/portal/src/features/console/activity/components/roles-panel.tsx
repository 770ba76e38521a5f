import type { ConsoleRole } from '@trackwell/contracts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { notify } from '../../../../lib/notify.ts';
import { Breakable } from '../../components/breakable.tsx';
import { type RoleGrant, useListRoleGrantsQuery, useRevokeRoleMutation } from '../api/access.ts';
import { formatInstant } from '../lib/format.ts';
import { GrantRoleForm } from './grant-role-form.tsx';

/** The store's console role grants: grant by login and role, revoke after a confirmation. */
export function RolesPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-activity');
  const grants = useListRoleGrantsQuery(code);
  const [revoke] = useRevokeRoleMutation();
  const [revoking, setRevoking] = useState<RoleGrant | null>(null);
  const roleName = (role: ConsoleRole) => t(`roles.${role}`);
  const columns = useGrantColumns(setRevoking);

  async function confirmRevoke() {
    const grant = revoking;
    setRevoking(null);
    if (!grant) return;
    const done = await revoke({ code, login: grant.login, role: grant.role });
    if (!('error' in done))
      notify.success(t('roles.revoked', { login: grant.login, role: roleName(grant.role) }));
  }

  return (
    <section className="tw-activity__panel" aria-labelledby="tw-roles-title">
      <h3 id="tw-roles-title" className="h5">
        {t('roles.title')}
      </h3>
      <GrantRoleForm code={code} />
      <DataTable
        caption={t('roles.caption')}
        columns={columns}
        rows={grants.data ?? []}
        rowId={(grant) => `${grant.userId}:${grant.role}`}
        status={{
          isLoading: grants.isLoading,
          isFetching: grants.isFetching,
          error: grants.error,
          onRetry: () => void grants.refetch(),
        }}
        empty={t('roles.empty')}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('roles.confirmTitle')}
        message={t('roles.confirmBody', {
          login: revoking?.login ?? '',
          role: revoking ? roleName(revoking.role) : '',
        })}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

/** Who (login), which role, since when, and Revoke; the grants are all here, so they sort in the browser. */
function useGrantColumns(onRevoke: (grant: RoleGrant) => void): DataColumn<RoleGrant>[] {
  const { t, i18n } = useTranslation('console-activity');
  const revoke = useRef(onRevoke);
  revoke.current = onRevoke;
  return useMemo(() => {
    const roleName = (role: ConsoleRole) => t(`roles.${role}`);
    return [
      {
        id: 'login',
        accessorKey: 'login',
        meta: { label: t('roles.login') },
        cell: ({ row }) => <Breakable text={row.original.login} />,
      },
      { id: 'role', accessorFn: (grant) => roleName(grant.role), meta: { label: t('roles.role') } },
      {
        id: 'grantedAt',
        accessorKey: 'grantedAt',
        meta: { label: t('roles.grantedAt') },
        cell: ({ row }) => formatInstant(row.original.grantedAt, i18n.language),
      },
      {
        id: 'actions',
        enableSorting: false,
        enableHiding: false,
        meta: { label: t('table.actions'), actions: true },
        cell: ({ row: { original: grant } }) => (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => revoke.current(grant)}
          >
            {t('roles.revoke', { login: grant.login, role: roleName(grant.role) })}
          </button>
        ),
      },
    ];
  }, [t, i18n.language]);
}
