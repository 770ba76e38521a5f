import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import type { AccountEmail, EmailChallenge } from '../lib/myaccount.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AccountScreen, Loaded } from './screen.tsx';
import { RoleBadge, VerifiedBadge } from './status-badges.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

/** A code on its way to an address: the challenge it is checked against. */
type Pending = { email: AccountEmail; challenge: EmailChallenge };

/**
 * spec §7 /idp/myaccount/emails, §3 roles and status, §4 "UNVERIFIED until a challenge is verified": the list
 * with its badges, adding an address (which sends it a code), verifying it, and deleting a secondary one after
 * a Yes (spec §5 "Delete … need a Yes confirmation"). The primary address is the sign-in and cannot be removed.
 */
export function EmailsScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const { state, reload } = useResource(() => client.listEmails());
  const [pending, setPending] = useState<Pending>();
  const [deleting, setDeleting] = useState<AccountEmail>();
  const [busyId, setBusyId] = useState<string>();

  async function startVerification(email: AccountEmail) {
    setBusyId(email.id);
    try {
      setPending({ email, challenge: await client.sendEmailCode(email.id) });
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }

  async function confirmDelete(email: AccountEmail) {
    setDeleting(undefined);
    setBusyId(email.id);
    try {
      await client.deleteEmail(email.id);
      notify.success(t('emails.deleted', { address: email.address }));
      if (pending?.email.id === email.id) setPending(undefined);
      await reload();
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }

  return (
    <AccountScreen title={t('emails.title')}>
      <p className="tw-account__intro">{t('emails.intro')}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(emails) =>
          emails.length ? (
            <ul className="tw-account__list" aria-label={t('emails.listLabel')}>
              {emails.map((email) => (
                <li key={email.id} className="tw-account__item">
                  <div className="tw-account__item-main">
                    <bdi className="tw-account__value">{email.address}</bdi>
                    <span className="tw-account__badges">
                      <RoleBadge primary={email.primary} />
                      <VerifiedBadge verified={email.verified} />
                    </span>
                  </div>
                  <div className="tw-account__item-actions">
                    {!email.verified && pending?.email.id !== email.id ? (
                      <button
                        type="button"
                        aria-label={t('emails.verifyLabel', { address: email.address })}
                        className="btn btn-outline-primary btn-sm"
                        disabled={busyId === email.id}
                        onClick={() => void startVerification(email)}
                      >
                        {t('emails.verify')}
                      </button>
                    ) : null}
                    {!email.primary ? (
                      <button
                        type="button"
                        aria-label={t('emails.deleteLabel', { address: email.address })}
                        className="btn btn-outline-danger btn-sm"
                        disabled={busyId === email.id}
                        onClick={() => setDeleting(email)}
                      >
                        {t('emails.delete')}
                      </button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tw-account__empty">{t('emails.empty')}</p>
          )
        }
      </Loaded>
      {pending ? (
        <VerifyCodeForm
          key={pending.email.id}
          destination={pending.email.address}
          onVerify={async (code) => {
            await client.verifyEmail(pending.email.id, pending.challenge.id, code);
            setPending(undefined);
            notify.success(t('emails.verified', { address: pending.email.address }));
            await reload();
          }}
          onResend={async () => {
            const challenge = await client.sendEmailCode(pending.email.id);
            setPending({ email: pending.email, challenge });
          }}
          onCancel={() => setPending(undefined)}
        />
      ) : state.status === 'ready' ? (
        <AddEmailForm
          onAdded={async (added) => {
            setPending(added);
            await reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('emails.deleteTitle')}
        message={t('emails.deleteMessage', { address: deleting?.address ?? '' })}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </AccountScreen>
  );
}

function AddEmailForm({ onAdded }: { onAdded: (pending: Pending) => Promise<void> }) {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = address.trim();
    if (!EMAIL_PATTERN.test(value) || value.length > EMAIL_MAX_LENGTH) {
      setError(t('emails.invalidAddress'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const added = await client.addEmail(value);
      setAddress('');
      await onAdded(added);
    } catch (failure) {
      setError(describeMyAccountError(failure, t));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tw-account__add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('emails.addTitle')}
      </h3>
      <div className="mb-3">
        <label htmlFor={`${id}-address`} className="form-label">
          {t('emails.addressLabel')}
        </label>
        <input
          ref={input}
          id={`${id}-address`}
          type="email"
          className={`form-control${error ? ' is-invalid' : ''}`}
          autoComplete="email"
          dir="ltr"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : (
          <div id={`${id}-hint`} className="form-text">
            {t('emails.addHint')}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('emails.adding') : t('emails.add')}
      </button>
    </form>
  );
}
