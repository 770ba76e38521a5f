import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { saveObjectUrl } from '../../../lib/save-file.ts';
import { useAccount } from '../account-context.ts';
import { type AccountDataClient, createAccountDataClient } from '../lib/account-data.ts';
import { describeMyAccountError, myAccountErrorKind } from '../lib/myaccount-errors.ts';
import { AccountScreen, SignInAgainButton } from './screen.tsx';

/**
 * Export my data (a JSON download) and delete my account. Deleting asks first in a dialog; it
 * needs a recent sign-in, and when the last one is too old the screen offers to sign in again.
 */
export function YourDataScreen() {
  const { t } = useTranslation('account');
  const { oktaAuth } = useAccount();
  const client = useMemo(() => createAccountDataClient(oktaAuth), [oktaAuth]);
  return (
    <AccountScreen title={t('data.title')}>
      <ExportSection client={client} />
      <DeleteSection client={client} />
    </AccountScreen>
  );
}

function ExportSection({ client }: { client: AccountDataClient }) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await client.exportData();
      saveObjectUrl(URL.createObjectURL(blob), fileName, 1000);
      notify.success(t('data.exported'));
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mb-4" aria-labelledby="tw-data-export">
      <h3 id="tw-data-export" className="h5">
        {t('data.exportTitle')}
      </h3>
      <p>{t('data.exportIntro')}</p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()}>
        {busy ? t('data.exporting') : t('data.export')}
      </button>
    </section>
  );
}

function DeleteSection({ client }: { client: AccountDataClient }) {
  const { t } = useTranslation('account');
  const { oktaAuth } = useAccount();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [stepUp, setStepUp] = useState(false);

  async function remove() {
    setConfirming(false);
    setBusy(true);
    try {
      await client.deleteAccount();
      oktaAuth.tokenManager.clear();
      window.location.assign('/');
    } catch (error) {
      if (myAccountErrorKind(error) === 'stepUp') setStepUp(true);
      else notify.error(describeMyAccountError(error, t));
      setBusy(false);
    }
  }

  return (
    <section className="tw-danger-zone" aria-labelledby="tw-data-delete">
      <h3 id="tw-data-delete" className="h5 text-danger">
        {t('data.deleteTitle')}
      </h3>
      <p>{t('data.deleteIntro')}</p>
      {stepUp ? (
        <div className="alert alert-warning tw-account__alert" role="alert">
          <p className="mb-2">{t('data.stepUp')}</p>
          <SignInAgainButton />
        </div>
      ) : null}
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirming(true)}>
        {busy ? t('data.deleting') : t('data.delete')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('data.confirmTitle')}
        message={t('data.confirmMessage')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
