import type { OrganisationMember, OrganisationSummary } from '@trackwell/contracts';
import { personNameOrLogin } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/ui/data-table/data-table.tsx';
import type { ListQuery } from '../../../components/ui/list-state.tsx';
import { notify } from '../../../lib/notify.ts';
import { useChangeMemberRoleMutation, useRemoveMemberMutation } from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { OrganisationSection } from './organisation-page.tsx';
import { RoleSelect } from './role-select.tsx';

const fullName = (m: OrganisationMember) => personNameOrLogin(m);

/**
 * The members and their roles in the portal's table (sorted by name, e-mail or role; a card per member on a
 * phone); an owner changes a role or removes a member there.
 */
export function MembersSection({
  organisation,
  members,
}: {
  organisation: OrganisationSummary;
  members: ListQuery<OrganisationMember>;
}) {
  const { t } = useTranslation('organisations');
  const columns = useMemberColumns(organisation);
  return (
    <OrganisationSection id="tw-org-members" title={t('members.title')}>
      <DataTable
        caption={t('members.caption')}
        columns={columns}
        rows={members.data ?? []}
        rowId={(m) => m.userId}
        status={{ isLoading: members.isLoading, error: members.error, onRetry: () => void members.refetch() }}
        empty={t('members.empty')}
        initialSorting={[{ id: 'name', desc: false }]}
        columnMenu={false}
      />
    </OrganisationSection>
  );
}

/** The columns, made once per organisation and role: a select and a button keep their focus between renders. */
function useMemberColumns(organisation: OrganisationSummary): DataColumn<OrganisationMember>[] {
  const { t } = useTranslation('organisations');
  const owner = organisation.role === 'owner';
  const organisationId = organisation.id;
  return useMemo(() => {
    const columns: DataColumn<OrganisationMember>[] = [
      {
        id: 'name',
        accessorFn: fullName,
        meta: { label: t('members.name'), rowHeader: true, dir: 'auto' },
        cell: ({ row: { original: m } }) => <bdi>{fullName(m)}</bdi>,
      },
      {
        id: 'email',
        accessorKey: 'login',
        meta: { label: t('members.email'), dir: 'ltr' },
        cell: ({ row: { original: m } }) => <bdi className="text-break">{m.login}</bdi>,
      },
      {
        id: 'role',
        accessorFn: (m) => t(`role.${m.role}`),
        meta: { label: t('members.role') },
        cell: ({ row: { original: m } }) =>
          owner ? <RoleCell organisationId={organisationId} member={m} /> : t(`role.${m.role}`),
      },
    ];
    if (!owner) return columns;
    return [
      ...columns,
      {
        id: 'actions',
        meta: { label: t('members.actions'), actions: true },
        cell: ({ row: { original: m } }) => <RemoveCell organisationId={organisationId} member={m} />,
      },
    ];
  }, [t, owner, organisationId]);
}

/** An owner's role select for one member; the change is saved at once and said in a toast. */
function RoleCell({ organisationId, member: m }: { organisationId: string; member: OrganisationMember }) {
  const { t } = useTranslation('organisations');
  const [changeRole, changing] = useChangeMemberRoleMutation();
  return (
    <RoleSelect
      id={`tw-org-role-${m.userId}`}
      label={t('members.changeRole', { name: isolate(fullName(m)) })}
      visuallyHiddenLabel
      value={m.role}
      disabled={changing.isLoading}
      onChange={async (role) => {
        const result = await changeRole({ organisationId, userId: m.userId, role });
        if ('data' in result) notify.success(t('members.changed', { name: isolate(fullName(m)) }));
      }}
    />
  );
}

/** An owner's Remove button for one member, named with the member's name. */
function RemoveCell({ organisationId, member: m }: { organisationId: string; member: OrganisationMember }) {
  const { t } = useTranslation('organisations');
  const [remove, removing] = useRemoveMemberMutation();
  return (
    <button
      type="button"
      className="btn btn-outline-danger btn-sm"
      disabled={removing.isLoading}
      onClick={async () => {
        const result = await remove({ organisationId, userId: m.userId });
        if ('data' in result) notify.success(t('members.removed', { name: isolate(fullName(m)) }));
      }}
    >
      {t('members.remove')}
      <span className="visually-hidden"> {fullName(m)}</span>
    </button>
  );
}
