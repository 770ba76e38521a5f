import type { ConsoleRole } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../../lib/notify.ts';
import { Breakable } from '../../components/breakable.tsx';
import { type RoleGrant, useListRoleGrantsQuery, useRevokeRoleMutation } from '../api/access.ts';
import { formatInstant } from '../lib/format.ts';
import { GrantRoleForm } from './grant-role-form.tsx';
import { ListState } from './list-state.tsx';

/** The store's console role grants: grant by login and role, revoke after a confirmation. */
export function RolesPanel({ code }: { code: string }) {
  const { t, i18n } = useTranslation('console-activity');
  const grants = useListRoleGrantsQuery(code);
  const [revoke] = useRevokeRoleMutation();
  const [revoking, setRevoking] = useState<RoleGrant | null>(null);
  const roleName = (role: ConsoleRole) => t(`roles.${role}`);

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
      <ListState query={grants} empty={t('roles.empty')}>
        {(items) => (
          <div className="table-responsive">
            <table className="table align-middle tw-console__table">
              <caption className="tw-visually-hidden">{t('roles.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('roles.login')}</th>
                  <th scope="col">{t('roles.role')}</th>
                  <th scope="col">{t('roles.grantedAt')}</th>
                  <th scope="col">
                    <span className="tw-visually-hidden">{t('table.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((grant) => (
                  <tr key={`${grant.userId}:${grant.role}`}>
                    <td className="tw-console__host">
                      <Breakable text={grant.login} />
                    </td>
                    <td>{roleName(grant.role)}</td>
                    <td>{formatInstant(grant.grantedAt, i18n.language)}</td>
                    <td className="text-end">
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        onClick={() => setRevoking(grant)}
                      >
                        {t('roles.revoke', { login: grant.login, role: roleName(grant.role) })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
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
