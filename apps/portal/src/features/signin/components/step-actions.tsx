import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/forms/form-buttons.tsx';
import { linkOf } from '../lib/transaction.ts';
import type { StepProps } from '../lib/types.ts';
import { useAuthnAction } from '../lib/use-authn-action.ts';
import { ErrorAlert } from './step-controls.tsx';

/**
 * Back and cancel under every step ("cancel/back on every step"): back is the
 * transaction's `prev` where the state offers one (a challenge's only when the account has another factor); cancel ends the transaction (`cancel`) and shows the
 * username/password form again, even when the identity provider cannot be reached.
 */
export function StepActions({
  tx,
  onTransaction,
  onRestart,
  singleFactor,
  disabled,
}: StepProps & { disabled?: boolean }) {
  const { t } = useTranslation('signin');
  const { busy, error, run } = useAuthnAction();
  // "Choose another method" (a challenge's prev) only when there is another method to choose.
  const prev = tx.status === 'MFA_CHALLENGE' && singleFactor ? undefined : linkOf(tx, 'prev');
  const cancel = linkOf(tx, 'cancel');
  return (
    <div className="tw-signin__actions mt-3">
      <ErrorAlert error={error} />
      <div className="d-flex flex-wrap gap-3">
        {prev ? (
          <LinkButton
            disabled={busy || disabled}
            onClick={() => void run(async () => onTransaction(await prev()))}
          >
            {t('actions.back')}
          </LinkButton>
        ) : null}
        <LinkButton
          disabled={busy}
          onClick={() =>
            void run(async () => {
              try {
                if (cancel) await cancel();
              } finally {
                onRestart();
              }
            })
          }
        >
          {t('actions.cancel')}
        </LinkButton>
      </div>
    </div>
  );
}
