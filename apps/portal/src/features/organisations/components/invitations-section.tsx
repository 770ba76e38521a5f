import type { OrganisationRole, OrganisationSummary } from '@trackwell/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { ListState } from '../../../components/ui/list-state.tsx';
import { notify } from '../../../lib/notify.ts';
import {
  useInviteMemberMutation,
  useListInvitationsQuery,
  useWithdrawInvitationMutation,
} from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { OrganisationSection } from './organisation-page.tsx';
import { RoleSelect } from './role-select.tsx';

/** An owner's invitations: invite an address with a role (within the seats), the open ones, withdraw one. */
export function InvitationsSection({ organisation }: { organisation: OrganisationSummary }) {
  const { t, i18n } = useTranslation('organisations');
  const organisationId = organisation.id;
  const invitations = useListInvitationsQuery(organisationId);
  const [invite, inviting] = useInviteMemberMutation();
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('reader');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await invite({ organisationId, email, role });
    if ('data' in result) {
      notify.success(t('invitations.sent', { email: isolate(email) }));
      setEmail('');
    }
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language.replace('_', '-'));
  return (
    <OrganisationSection id="tw-org-invitations" title={t('invitations.title')}>
      <form onSubmit={submit} className="tw-org__form">
        <Field
          label={t('invitations.email')}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="off"
          dir="ltr"
        />
        <RoleSelect id="tw-org-invite-role" label={t('invitations.role')} value={role} onChange={setRole} />
        <SubmitButton busy={inviting.isLoading} label={t('invitations.submit')} busyLabel={t('working')} />
      </form>
      <ListState
        query={invitations}
        empty={t('invitations.empty')}
        emptyClassName="text-body-secondary"
        labels={{ loading: t('loading'), retry: t('retry') }}
      >
        {(rows) => (
          <ul className="list-group">
            {rows.map((i) => (
              <li
                key={i.id}
                className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
              >
                <span>
                  <bdi>{i.email}</bdi> · {t(`role.${i.role}`)} ·{' '}
                  <span className="text-body-secondary small">
                    {t('invitations.expires', { date: date(i.expiresAt) })}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={withdrawing.isLoading}
                  onClick={() => void withdraw({ organisationId, invitationId: i.id })}
                >
                  {t('invitations.withdraw')}
                  <span className="visually-hidden"> {i.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </OrganisationSection>
  );
}
