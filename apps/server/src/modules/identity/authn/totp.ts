import { isOneTimeCode, ONE_TIME_CODE_LENGTH, type TotpActivation } from '@trackwell/contracts';
import { Secret, TOTP } from 'otpauth';

/**
 * The authenticator-app factor (Okta Authentication API: Google Authenticator / TOTP factor, RFC 6238):
 * SHA-1, six digits, 30-second steps, one step of clock drift either way.
 */

const PERIOD_SECONDS = 30;

function totpFor(secret: string, label: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: ONE_TIME_CODE_LENGTH,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new shared secret (160 bits, base32), as enrolment stores it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** Whether a code typed from the app matches the secret now (the code rule first: six digits). */
export const totpCodeValid = (secret: string, login: string, issuer: string, passCode: string) =>
  isOneTimeCode(passCode) && totpFor(secret, login, issuer).validate({ token: passCode, window: 1 }) !== null;

/**
 * Okta's TOTP activation object: the shared secret and a QR code of the otpauth:// URI (as a data: URL). The
 * QR code's library (57 modules with its PNG encoder) is loaded by the first enrolment, not by every start.
 */
export async function totpActivation(secret: string, login: string, issuer: string): Promise<TotpActivation> {
  const uri = totpFor(secret, login, issuer).toString();
  return {
    timeStep: PERIOD_SECONDS,
    sharedSecret: secret,
    encoding: 'base32',
    keyLength: ONE_TIME_CODE_LENGTH,
    otpauthUri: uri,
    _links: { qrcode: { href: await (await import('qrcode')).default.toDataURL(uri), type: 'image/png' } },
  };
}
