/**
 * Why the portal signed the user out, carried to the sign-in page it lands on (a 'subscriber
 * company' user was dropped back there with no word of why). Session storage of the store's origin: the
 * sign-out goes through the identity provider and back in the same tab, and the default login page is on
 * the same origin. The sign-in page reads it once and then forgets it.
 */
export type SignedOutReason = 'subscriberCompany';

const KEY = 'trackwell-signed-out-reason';
const REASONS: readonly SignedOutReason[] = ['subscriberCompany'];

export function rememberSignedOutReason(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused (private mode quota): the sign-out still happens, only the explanation is lost.
  }
}

/** The stored reason, if any (a pure read: safe in a render or a state initializer). */
export function peekSignedOutReason(): SignedOutReason | undefined {
  try {
    const value = sessionStorage.getItem(KEY);
    return REASONS.find((reason) => reason === value);
  } catch {
    return undefined;
  }
}

export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
