import type { InvitationAccepted, InvitationPreview } from '@trackwell/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { Field } from '../../../components/forms/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { useAcceptInvitationMutation, useLookupInvitationQuery } from '../api/organisations.ts';
import { isolate } from '../lib/isolate.ts';
import { OrganisationPage } from './organisation-page.tsx';

/**
 * `/organisations/accept?token=…`, the e-mailed link (no sign-in needed): what it invites to, then either
 * "join" (the address has an account) or a name and a password (a new account). Then: sign in.
 */
export function AcceptScreen() {
  const { t } = useTranslation('organisations');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useLookupInvitationQuery(token, { skip: token === '' });
  const [done, setDone] = useState<InvitationAccepted>();
  let body: React.ReactNode;
  if (token === '') body = <p className="alert alert-warning">{t('accept.invalid')}</p>;
  else if (preview.isLoading) body = <PendingMessage>{t('loading')}</PendingMessage>;
  else if (preview.error || !preview.data) body = <LoadError error={preview.error} retryLabel={t('retry')} />;
  else if (done)
    body = (
      <div className="alert alert-success" role="status">
        <p>{t('accept.done', { organisation: isolate(preview.data.organisationName) })}</p>
        <Link to="/signin" className="btn btn-primary">
          {t('accept.signIn')}
        </Link>
      </div>
    );
  else body = <AcceptForm token={token} invitation={preview.data} onDone={setDone} />;
  return <OrganisationPage title={t('accept.title')}>{body}</OrganisationPage>;
}

function AcceptForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: InvitationPreview;
  onDone: (accepted: InvitationAccepted) => void;
}) {
  const { t } = useTranslation('organisations');
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await accept(invitation.hasAccount ? { token } : { token, firstName, lastName, password });
    if ('data' in result && result.data) onDone(result.data);
  };
  return (
    <form onSubmit={submit} className="tw-org__accept">
      <p>
        {t('accept.intro', { role: t(`role.${invitation.role}`) })}{' '}
        <bdi className="fw-semibold">{invitation.organisationName}</bdi>
      </p>
      <p className="text-body-secondary">
        <bdi>{invitation.email}</bdi>
      </p>
      {invitation.hasAccount ? null : (
        <>
          <p>{t('accept.newAccount')}</p>
          <Field
            label={t('accept.firstName')}
            value={firstName}
            onChange={setFirstName}
            autoComplete="given-name"
          />
          <Field
            label={t('accept.lastName')}
            value={lastName}
            onChange={setLastName}
            autoComplete="family-name"
          />
          <Field
            label={t('accept.password')}
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
        </>
      )}
      <SubmitButton
        busy={isLoading}
        label={invitation.hasAccount ? t('accept.join') : t('accept.create')}
        busyLabel={t('working')}
      />
    </form>
  );
}
