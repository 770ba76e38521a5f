import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/forms/form-field.tsx';
import {
  type DevicePreference,
  preferenceCallback,
  readPreference,
  savePreference,
} from '../lib/device-preferences.ts';
import { type Factor, factorsOf, loginOf } from '../lib/transaction.ts';
import type { AuthnTransaction, StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { FactorLabel } from './factor-label.tsx';
import { StepActions } from './step-actions.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

/** Transactions whose automatic push was already sent (StrictMode mounts a step twice in development). */
const autoPushed = new WeakSet<AuthnTransaction>();

/**
 * The push options for next time on this browser, saved at once: the push step (and its poll) starts from
 * what is stored here.
 */
function PushOptions({ login }: { login: string }) {
  const { t } = useTranslation('signin');
  const [autoPush, setAutoPush] = useState(() => readPreference(login, 'autoPush'));
  const [remember, setRemember] = useState(() => readPreference(login, 'rememberDevice'));
  const choose = (name: DevicePreference, set: (value: boolean) => void) => (value: boolean) => {
    set(value);
    try {
      savePreference(login, name, value);
    } catch {
      // Storage refused: the SDK's own callback reports it when the push is sent (spec §8 wording).
    }
  };
  return (
    <fieldset className="mt-3">
      <legend className="fs-6 fw-semibold">{t('options.pushLegend')}</legend>
      <CheckboxField
        label={t('options.autoPush')}
        hint={t('options.autoPushHint')}
        checked={autoPush}
        onChange={choose('autoPush', setAutoPush)}
      />
      <CheckboxField
        label={t('options.rememberDevice')}
        hint={t('options.rememberDeviceHint')}
        checked={remember}
        onChange={choose('rememberDevice', setRemember)}
      />
    </fieldset>
  );
}

/**
 * MFA_REQUIRED: the user's enrolled factors ("MFA factor choice"). Choosing one challenges
 * it (`factor.verify`): the e-mail factor sends a code, TOTP asks for the app's code, push sends the approval.
 * With "send push automatically" saved for this user on this browser, the push goes out at once.
 */
export function FactorChoiceStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  const login = loginOf(tx);
  const factors = factorsOf(tx);
  const hasPush = factors.some((f) => f.factorType === 'push');
  const choose = (factor: Factor) =>
    run(async () => {
      if (!factor.verify) return;
      const next =
        factor.factorType === 'push'
          ? await factor.verify({
              autoPush: preferenceCallback(login, 'autoPush', () => readPreference(login, 'autoPush')),
            })
          : await factor.verify();
      onTransaction(next);
    });

  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || autoPushed.has(tx)) return;
    started.current = true;
    const push = factorsOf(tx).find((f) => f.factorType === 'push');
    if (push && readPreference(loginOf(tx), 'autoPush')) {
      autoPushed.add(tx);
      void chooseRef.current(push);
    }
  }, [tx]);

  return (
    <div>
      <StepHeading>{t('mfa.chooseTitle')}</StepHeading>
      <p className="tw-lead">{t('mfa.chooseIntro')}</p>
      <ErrorAlert error={error} />
      <ul className="list-unstyled d-grid gap-2 tw-signin__factors" aria-busy={busy}>
        {factors.map((factor) => (
          <li key={factor.id ?? factor.factorType}>
            <button
              type="button"
              className="btn btn-outline-primary w-100 text-start"
              disabled={busy}
              onClick={() => void choose(factor)}
            >
              <FactorLabel factor={factor} />
            </button>
          </li>
        ))}
      </ul>
      {hasPush ? <PushOptions login={login} /> : null}
      <StepActions {...props} disabled={busy} />
    </div>
  );
}
