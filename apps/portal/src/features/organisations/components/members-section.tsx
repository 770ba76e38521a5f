import type { OrganisationMember, OrganisationSummary } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { type ListQuery, ListState } from '../../../components/ui/list-state.tsx';
import { notify } from '../../../lib/notify.ts';
import { useChangeMemberRoleMutation, useRemoveMemberMutation } from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { OrganisationSection } from './organisation-page.tsx';
import { RoleSelect } from './role-select.tsx';

const fullName = (m: OrganisationMember) => `${m.firstName} ${m.lastName}`.trim() || m.login;

/** The members and their roles; an owner changes a role or removes a member. */
export function MembersSection({
  organisation,
  members,
}: {
  organisation: OrganisationSummary;
  members: ListQuery<OrganisationMember>;
}) {
  const { t } = useTranslation('organisations');
  const owner = organisation.role === 'owner';
  return (
    <OrganisationSection id="tw-org-members" title={t('members.title')}>
      <ListState
        query={members}
        empty={t('members.empty')}
        emptyClassName="text-body-secondary"
        labels={{ loading: t('loading'), retry: t('retry') }}
      >
        {(rows) => (
          <div className="table-responsive">
            <table className="table table-sm align-middle tw-org__table">
              <thead>
                <tr>
                  <th scope="col">{t('members.name')}</th>
                  <th scope="col">{t('members.email')}</th>
                  <th scope="col">{t('members.role')}</th>
                  {owner ? <th scope="col">{t('members.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <MemberRow key={m.userId} organisationId={organisation.id} member={m} owner={owner} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
    </OrganisationSection>
  );
}

/** One member: name, e-mail, role (an owner's select) and, for an owner, the remove button. */
function MemberRow({
  organisationId,
  member: m,
  owner,
}: {
  organisationId: string;
  member: OrganisationMember;
  owner: boolean;
}) {
  const { t } = useTranslation('organisations');
  const [changeRole, changing] = useChangeMemberRoleMutation();
  const [remove, removing] = useRemoveMemberMutation();
  const ids = { organisationId };
  return (
    <tr>
      <td>
        <bdi>{fullName(m)}</bdi>
      </td>
      <td>
        <bdi>{m.login}</bdi>
      </td>
      <td>
        {owner ? (
          <RoleSelect
            id={`tw-org-role-${m.userId}`}
            label={t('members.changeRole', { name: isolate(fullName(m)) })}
            visuallyHiddenLabel
            value={m.role}
            disabled={changing.isLoading}
            onChange={async (role) => {
              const result = await changeRole({ ...ids, userId: m.userId, role });
              if ('data' in result) notify.success(t('members.changed', { name: isolate(fullName(m)) }));
            }}
          />
        ) : (
          t(`role.${m.role}`)
        )}
      </td>
      {owner ? (
        <td>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={removing.isLoading}
            onClick={async () => {
              const result = await remove({ ...ids, userId: m.userId });
              if ('data' in result) notify.success(t('members.removed', { name: isolate(fullName(m)) }));
            }}
          >
            {t('members.remove')}
            <span className="visually-hidden"> {fullName(m)}</span>
          </button>
        </td>
      ) : null}
    </tr>
  );
}
