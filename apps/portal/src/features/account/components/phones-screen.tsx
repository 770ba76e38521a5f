import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import type { AccountPhone } from '../lib/myaccount.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AccountScreen, Loaded } from './screen.tsx';
import { VerifiedBadge } from './status-badges.tsx';
import { VerifyCodeForm } from './verify-code-form.tsx';

/** What the identity provider accepts: digits, spaces, ( ) - and a leading +, at least 6 digits. */
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,24}$/;
const validPhone = (value: string) => PHONE_PATTERN.test(value) && (value.match(/\d/g) ?? []).length >= 6;

/**
 * spec §7 /idp/myaccount/phones, §4 "UNVERIFIED until a challenge is verified": the list, adding a number (an
 * SMS code is sent; on this platform's local setup it lands in the mail inbox), verifying it, deleting it after
 * a Yes.
 */
export function PhonesScreen() {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const { state, reload } = useResource(() => client.listPhones());
  const [pending, setPending] = useState<AccountPhone>();
  const [deleting, setDeleting] = useState<AccountPhone>();
  const [busyId, setBusyId] = useState<string>();

  async function startVerification(phone: AccountPhone) {
    setBusyId(phone.id);
    try {
      await client.sendPhoneCode(phone.id);
      setPending(phone);
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }

  async function confirmDelete(phone: AccountPhone) {
    setDeleting(undefined);
    setBusyId(phone.id);
    try {
      await client.deletePhone(phone.id);
      notify.success(t('phones.deleted', { number: phone.number }));
      if (pending?.id === phone.id) setPending(undefined);
      await reload();
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusyId(undefined);
    }
  }

  return (
    <AccountScreen title={t('phones.title')}>
      <p className="tw-account__intro">{t('phones.intro')}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(phones) =>
          phones.length ? (
            <ul className="tw-account__list" aria-label={t('phones.listLabel')}>
              {phones.map((phone) => (
                <li key={phone.id} className="tw-account__item">
                  <div className="tw-account__item-main">
                    <bdi className="tw-account__value" dir="ltr">
                      {phone.number}
                    </bdi>
                    <span className="tw-account__badges">
                      <VerifiedBadge verified={phone.verified} />
                    </span>
                  </div>
                  <div className="tw-account__item-actions">
                    {!phone.verified && pending?.id !== phone.id ? (
                      <button
                        type="button"
                        aria-label={t('phones.verifyLabel', { number: phone.number })}
                        className="btn btn-outline-primary btn-sm"
                        disabled={busyId === phone.id}
                        onClick={() => void startVerification(phone)}
                      >
                        {t('phones.verify')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      aria-label={t('phones.deleteLabel', { number: phone.number })}
                      className="btn btn-outline-danger btn-sm"
                      disabled={busyId === phone.id}
                      onClick={() => setDeleting(phone)}
                    >
                      {t('phones.delete')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="tw-account__empty">{t('phones.empty')}</p>
          )
        }
      </Loaded>
      {pending ? (
        <VerifyCodeForm
          key={pending.id}
          destination={pending.number}
          onVerify={async (code) => {
            await client.verifyPhone(pending.id, code);
            setPending(undefined);
            notify.success(t('phones.verified', { number: pending.number }));
            await reload();
          }}
          onResend={() => client.sendPhoneCode(pending.id)}
          onCancel={() => setPending(undefined)}
        />
      ) : state.status === 'ready' ? (
        <AddPhoneForm
          onAdded={async (phone) => {
            setPending(phone);
            await reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('phones.deleteTitle')}
        message={t('phones.deleteMessage', { number: deleting?.number ?? '' })}
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </AccountScreen>
  );
}

function AddPhoneForm({ onAdded }: { onAdded: (phone: AccountPhone) => Promise<void> }) {
  const { t } = useTranslation('account');
  const { client } = useAccount();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = number.trim();
    if (!validPhone(value)) {
      setError(t('phones.invalidNumber'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const phone = await client.addPhone(value);
      setNumber('');
      await onAdded(phone);
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
        {t('phones.addTitle')}
      </h3>
      <div className="mb-3">
        <label htmlFor={`${id}-number`} className="form-label">
          {t('phones.numberLabel')}
        </label>
        <input
          ref={input}
          id={`${id}-number`}
          type="tel"
          className={`form-control${error ? ' is-invalid' : ''}`}
          autoComplete="tel"
          dir="ltr"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
        />
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : (
          <div id={`${id}-hint`} className="form-text">
            {t('phones.addHint')}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('phones.adding') : t('phones.add')}
      </button>
    </form>
  );
}
