import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { describeMyAccountError, myAccountErrorKind } from '../lib/myaccount-errors.ts';
import { type AccountPasskey, createPasskeysClient } from '../lib/passkeys.ts';
import { useResource } from '../lib/use-resource.ts';
import { PasskeyItem } from './passkey-item.tsx';
import { AccountScreen, Loaded } from './screen.tsx';

/**
 * The user's passkeys — add one on this device (the browser asks for the fingerprint, face or
 * PIN), see when each was added and last used, rename one (passkey-item.tsx), remove one after confirming.
 * A passkey signs in on the sign-in page instead of the password.
 */
export function PasskeysScreen() {
  const { t } = useTranslation('account');
  const { oktaAuth } = useAccount();
  const client = useMemo(() => createPasskeysClient(oktaAuth), [oktaAuth]);
  const { state, reload } = useResource(() => client.list());
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AccountPasskey | undefined>(undefined);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      await reload();
    } catch (error) {
      const cancelled = (error as { name?: string } | null)?.name === 'NotAllowedError';
      notify.error(cancelled ? t('passkeys.cancelled') : describeMyAccountError(error, t));
    } finally {
      setBusy(false);
    }
  }

  /** Renames; a refusal is answered for the form to show under its field, anything else is a toast. */
  async function rename(passkey: AccountPasskey, name: string): Promise<string | null> {
    try {
      await client.rename(passkey.id, name);
    } catch (error) {
      if (myAccountErrorKind(error) === 'invalid') return describeMyAccountError(error, t);
      notify.error(describeMyAccountError(error, t));
      return t('passkeys.notRenamed');
    }
    notify.success(t('passkeys.renamed', { name }));
    await reload();
    return null;
  }

  return (
    <AccountScreen title={t('passkeys.title')}>
      <p className="tw-account__intro">{t('passkeys.intro')}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(passkeys) =>
          passkeys.length === 0 ? (
            <p className="text-body-secondary">{t('passkeys.none')}</p>
          ) : (
            <ul className="tw-devices">
              {passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  busy={busy}
                  onRename={(name) => rename(passkey, name)}
                  onRemove={() => setRemoving(passkey)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
      <AddPasskeyForm busy={busy} onAdd={(name) => void run(() => client.add(name), t('passkeys.added'))} />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('passkeys.removeTitle')}
        message={t('passkeys.removeMessage', { name: removing?.name ?? '' })}
        onConfirm={() => {
          const passkey = removing;
          setRemoving(undefined);
          if (passkey) void run(() => client.remove(passkey.id), t('passkeys.removed'));
        }}
        onCancel={() => setRemoving(undefined)}
      />
    </AccountScreen>
  );
}

function AddPasskeyForm({ busy, onAdd }: { busy: boolean; onAdd: (name: string) => void }) {
  const { t } = useTranslation('account');
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAdd(name.trim() || t('passkeys.defaultName'));
  };
  return (
    <form className="mt-3" onSubmit={submit} aria-busy={busy}>
      <div className="mb-3">
        <label className="form-label" htmlFor="tw-passkey-name">
          {t('passkeys.name')}
        </label>
        <input
          id="tw-passkey-name"
          className="form-control"
          value={name}
          maxLength={100}
          placeholder={t('passkeys.defaultName')}
          onChange={(event) => setName(event.target.value)}
          dir="auto"
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('passkeys.add')}
      </button>
    </form>
  );
}
