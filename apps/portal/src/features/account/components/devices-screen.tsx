import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import { type AccountDevice, createAccountDataClient } from '../lib/account-data.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { useResource } from '../lib/use-resource.ts';
import { AccountScreen, Loaded } from './screen.tsx';

/**
 * The devices signed in to the user's account (browser and system, IP address, sign-in time,
 * last activity), this one marked; sign out one, or every other. A signed-out device's next call is refused.
 */
export function DevicesScreen() {
  const { t } = useTranslation('account');
  const { oktaAuth } = useAccount();
  const client = useMemo(() => createAccountDataClient(oktaAuth), [oktaAuth]);
  const { state, reload } = useResource(() => client.listDevices());
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      await reload();
    } catch (error) {
      notify.error(describeMyAccountError(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountScreen title={t('devices.title')}>
      <p className="tw-account__intro">{t('devices.intro')}</p>
      <Loaded resource={state} onRetry={() => void reload()}>
        {(devices) => {
          const others = devices.filter((d) => !d.current);
          return (
            <>
              <ul className="tw-devices">
                {devices.map((device) => (
                  <DeviceItem
                    key={device.id}
                    device={device}
                    busy={busy}
                    onSignOut={() => void run(() => client.signOutDevice(device.id), t('devices.signedOut'))}
                  />
                ))}
              </ul>
              {others.length === 0 ? (
                <p className="text-body-secondary">{t('devices.noOthers')}</p>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  disabled={busy}
                  onClick={() => void run(() => client.signOutOtherDevices(), t('devices.signedOutOthers'))}
                >
                  {t('devices.signOutOthers')}
                </button>
              )}
            </>
          );
        }}
      </Loaded>
    </AccountScreen>
  );
}

function DeviceItem({
  device,
  busy,
  onSignOut,
}: {
  device: AccountDevice;
  busy: boolean;
  onSignOut: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const format = new Intl.DateTimeFormat(i18n.language.replaceAll('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const browser = device.browser || t('devices.unknownBrowser');
  const name = device.os ? t('devices.browserOn', { browser, os: device.os }) : browser;
  return (
    <li className="tw-devices__item">
      <div className="tw-devices__head">
        <span className="fw-semibold" dir="auto">
          {name}
        </span>
        {device.current ? <span className="badge text-bg-success">{t('devices.thisDevice')}</span> : null}
      </div>
      <dl className="tw-devices__facts">
        <dt>{t('devices.ipAddress')}</dt>
        <dd dir="ltr">{device.ipAddress || '—'}</dd>
        <dt>{t('devices.signedIn')}</dt>
        <dd>{format.format(new Date(device.signedInAt))}</dd>
        <dt>{t('devices.lastActive')}</dt>
        <dd>{format.format(new Date(device.lastActiveAt))}</dd>
      </dl>
      {device.current ? null : (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          disabled={busy}
          aria-label={t('devices.signOutNamed', { name })}
          onClick={onSignOut}
        >
          {t('devices.signOut')}
        </button>
      )}
    </li>
  );
}
