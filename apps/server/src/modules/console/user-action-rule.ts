import {
  CONSOLE_USER_ERRORS,
  type ConsoleUserFacts,
  type ConsoleUserOperation,
  consoleUserRefusal,
  type OktaUserStatus,
} from '@trackwell/contracts';
import { HttpError } from '../../http/errors.ts';

/**
 * The console's refusal of an action on a user, from the contracts' one rule
 * (consoleUserRefusal): 409 with the contract's error code and Okta's way of saying it; nothing is changed.
 */

const DOING: Record<ConsoleUserOperation, string> = {
  activate: 'activate',
  resend_activation: 'resend the activation e-mail of',
  lock: 'lock',
  unlock: 'unlock',
  reset_password: 'reset the password of',
  reset_factors: 'reset the MFA factors of',
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  delete: 'delete',
};

export function refuseUnlessAllowed(
  status: OktaUserStatus,
  operation: ConsoleUserOperation,
  facts: ConsoleUserFacts,
): void {
  const refusal = consoleUserRefusal(status, operation, facts);
  if (refusal === CONSOLE_USER_ERRORS.ownAccount)
    throw new HttpError(
      409,
      refusal,
      `You cannot ${DOING[operation]} your own account: another administrator must do it.`,
    );
  if (refusal === CONSOLE_USER_ERRORS.notAllowed) {
    const detail =
      operation === 'delete'
        ? ': deactivate it first'
        : operation === 'reset_factors' && status !== 'DEPROVISIONED'
          ? ': it has no MFA factor'
          : '';
    throw new HttpError(
      409,
      refusal,
      `Cannot ${DOING[operation]} a user whose status is ${status}${detail}.`,
    );
  }
}
