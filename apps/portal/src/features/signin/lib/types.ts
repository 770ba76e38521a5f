import type { AuthnTransaction, OktaAuth } from '@okta/okta-auth-js';

export type { AuthnTransaction, OktaAuth };

/** What every step gets: the SDK transaction it acts on and a way to hand the next one to the flow. */
export interface StepProps {
  tx: AuthnTransaction;
  /** The flow renders the step for the transaction's new status (SUCCESS redirects). */
  onTransaction: (next: AuthnTransaction) => void;
  /** Back to the username/password form (after a cancel). */
  onRestart: () => void;
  /**
   * The account has a single factor (the last MFA_REQUIRED listed one): a challenge then offers no "choose
   * another method". Unknown (a transaction resumed straight into its challenge) counts as several.
   */
  singleFactor?: boolean;
}
