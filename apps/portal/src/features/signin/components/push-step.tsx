import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { CheckboxField } from '../../../components/forms/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { type AuthnErrorKey, authnErrorKey } from '../lib/authn-errors.ts';
import { preferenceCallback, readPreference } from '../lib/device-preferences.ts';
import { linkOf, loginOf } from '../lib/transaction.ts';
import type { AuthnTransaction, StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { StepActions } from './step-actions.tsx';
import { ErrorAlert, StepHeading } from './step-controls.tsx';

/** How long the SDK waits between two polls while the push is WAITING. */
export const PUSH_POLL_DELAY_MS = 2000;

/**
 * One poll per transaction object: React's StrictMode mounts a step twice in development, and the second
 * mount must join the running poll rather than start another. `watchers` counts the mounted steps showing
 * it: the SDK has no way to cancel a poll (only a `prev`/`cancel` request stops it), so the option callbacks
 * it calls before every poll request throw once nobody watches, and the poll ends there instead of asking the
 * server every few seconds forever after the user left the page (and, in tests, instead of landing in the
 * next test's fake server).
 */
interface RunningPoll {
  result: Promise<AuthnTransaction>;
  watchers: number;
}
const polls = new WeakMap<AuthnTransaction, RunningPoll>();

/** Thrown by a poll's callbacks once its step is gone; the SDK then ends the poll without a request. */
class PollAbandoned extends Error {}

/** An option callback that ends the poll when no mounted step watches it any more. */
function whileWatched<T>(poll: { watchers: number }, callback: () => T): () => T {
  return () => {
    if (poll.watchers === 0) throw new PollAbandoned('The push step was left');
    return callback();
  };
}

/**
 * Polls the push while it is WAITING, joining a running poll of the same transaction; `attempt` restarts a
 * poll that stopped (after an error) when the user asks to check again. The outcome goes to
 * `onTransaction`, an error to `onError`, as long as the step is mounted.
 */
function usePushPoll(
  tx: AuthnTransaction,
  attempt: number,
  options: RefObject<{ autoPush: boolean; remember: boolean }>,
  onTransaction: (tx: AuthnTransaction) => void,
  onError: (error: AuthnErrorKey) => void,
) {
  const onTransactionRef = useRef(onTransaction);
  onTransactionRef.current = onTransaction;
  const login = loginOf(tx);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a poll starts per transaction and attempt; the options (a ref) and onError (a state setter) are read when it calls back.
  useEffect(() => {
    if (tx.factorResult !== 'WAITING') return;
    const poll = linkOf(tx, 'poll');
    if (!poll) return;
    let running = polls.get(tx);
    if (!running || attempt > 0) {
      const started: RunningPoll = { result: Promise.resolve(tx), watchers: 1 };
      started.result = poll({
        delay: PUSH_POLL_DELAY_MS,
        autoPush: whileWatched(
          started,
          preferenceCallback(login, 'autoPush', () => options.current.autoPush),
        ),
        rememberDevice: whileWatched(
          started,
          preferenceCallback(login, 'rememberDevice', () => options.current.remember),
        ),
      });
      running = started;
      polls.set(tx, running);
    } else {
      running.watchers++;
    }
    const watched = running;
    let mounted = true;
    watched.result.then(
      (next) => {
        if (mounted) onTransactionRef.current(next);
      },
      (caught: unknown) => {
        if (mounted) onError(authnErrorKey(caught));
      },
    );
    return () => {
      mounted = false;
      watched.watchers--;
    };
  }, [tx, login, attempt]);
}

type PushButtonsProps = {
  result: AuthnTransaction['factorResult'];
  /** The poll stopped (an error): "check again" starts it anew. */
  stopped: boolean;
  busy: boolean;
  onCheckAgain: () => void;
  /** Sends the push again; absent when the transaction offers no resend. */
  onResend: (() => void) | undefined;
};

/** "Check again" after a stopped poll, and "send again" (the main action once denied or expired). */
function PushButtons({ result, stopped, busy, onCheckAgain, onResend }: PushButtonsProps) {
  const { t } = useTranslation('signin');
  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      {stopped && result === 'WAITING' ? (
        <SubmitButton
          type="button"
          busy={false}
          label={t('push.checkAgain')}
          busyLabel={t('push.checkAgain')}
          onClick={onCheckAgain}
        />
      ) : null}
      {onResend ? (
        <SubmitButton
          type="button"
          variant={result === 'WAITING' ? 'outline-secondary' : 'primary'}
          busy={busy}
          label={t('push.resend')}
          busyLabel={t('push.resending')}
          onClick={onResend}
        />
      ) : null}
    </div>
  );
}

/**
 * MFA_CHALLENGE with push (spec §4 "a poll repeats while the factor result is WAITING", §8): "waiting for
 * approval" while the SDK polls (`tx.poll`, its own backoff of 1 s, 2 s, 4 s… up to 5 retries on a network
 * error or 429); approval → SUCCESS. Denied or expired → send again. The auto-push and remember-device options
 * are read by the SDK through callbacks on every poll; their errors, and a poll the SDK stopped, are shown as
 * the spec words them.
 */
export function PushStep(props: StepProps) {
  const { tx, onTransaction } = props;
  const { t } = useTranslation('signin');
  const login = loginOf(tx);
  const [autoPush, setAutoPush] = useState(() => readPreference(login, 'autoPush'));
  const [remember, setRemember] = useState(() => readPreference(login, 'rememberDevice'));
  const options = useRef({ autoPush, remember });
  options.current = { autoPush, remember };
  const [pollError, setPollError] = useState<AuthnErrorKey | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { busy, error, run } = useAuthnAction();
  const result = tx.factorResult;
  const waiting = result === 'WAITING' && !pollError;

  usePushPoll(tx, attempt, options, onTransaction, setPollError);

  const resend = tx.resend;
  const title =
    result === 'REJECTED'
      ? t('push.rejectedTitle')
      : result === 'TIMEOUT'
        ? t('push.timeoutTitle')
        : t('push.title');

  return (
    <div>
      <StepHeading>{title}</StepHeading>
      {waiting ? (
        <div className="tw-pending mb-3" role="status">
          <Spinner size="sm" />
          <span>{t('push.waiting')}</span>
        </div>
      ) : null}
      {result === 'REJECTED' ? <p className="alert alert-danger">{t('push.rejected')}</p> : null}
      {result === 'TIMEOUT' ? <p className="alert alert-warning">{t('push.timeout')}</p> : null}
      <p>{t('push.intro')}</p>
      <ErrorAlert error={pollError ?? error} />
      {waiting ? null : (
        // The "next time" options are chosen before a request goes out (the factor list offers them too),
        // not while this one is waiting; the poll still sends what was chosen.
        <>
          <CheckboxField
            label={t('options.autoPush')}
            hint={t('options.autoPushHint')}
            checked={autoPush}
            onChange={setAutoPush}
          />
          <CheckboxField
            label={t('options.rememberDevice')}
            hint={t('options.rememberDeviceHint')}
            checked={remember}
            onChange={setRemember}
          />
        </>
      )}
      <PushButtons
        result={result}
        stopped={pollError !== null}
        busy={busy}
        onCheckAgain={() => {
          setPollError(null);
          setAttempt((n) => n + 1);
        }}
        onResend={
          resend &&
          (() =>
            void run(async () => {
              setPollError(null);
              onTransaction(await resend('push'));
            }))
        }
      />
      <StepActions {...props} disabled={busy} />
    </div>
  );
}
