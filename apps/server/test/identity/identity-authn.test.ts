import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { authnClient, type IdpHarness, PASSWORD, useIdpWithCookieJar } from '../support/identity-harness.ts';

/**
 * The Authentication API through the unchanged okta-auth-js 8: MFA with each factor (e-mail code, TOTP,
 * push approved from an e-mailed link while the SDK polls), remember-device, PASSWORD_EXPIRED/WARN,
 * forgotPassword → e-mail → verifyRecoveryToken → reset, and the SDK's own errors named by the spec (§5, §8).
 */

const idp = useIdpWithCookieJar();
const { realFetch, jar } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const sdk = () => authnClient(h);

interface Factor {
  factorType: string;
  verify: (opts?: object) => Promise<Tx>;
  enroll: (opts?: object) => Promise<Tx>;
}

/** The parts of an authn transaction these tests call: okta-auth-js builds the functions from `_links`. */
interface Tx {
  status: string;
  sessionToken?: string;
  factorResult?: string;
  stateToken?: string;
  factors: [Factor, ...Factor[]];
  verify: (opts?: object) => Promise<Tx>;
  poll: (opts?: object) => Promise<Tx>;
  resend: (name?: string) => Promise<Tx>;
  prev: () => Promise<Tx>;
  cancel: () => Promise<Tx>;
  skip: () => Promise<Tx>;
  changePassword: (opts: object) => Promise<Tx>;
  activate: (opts: object) => Promise<Tx>;
  factor: { factorType: string; status: string; activation?: { sharedSecret: string } };
  data: {
    _embedded: {
      factor: {
        _embedded: {
          activation: { sharedSecret: string; otpauthUri: string; _links: { qrcode: { href: string } } };
        };
      };
    };
  };
  resetPassword: (opts: object) => Promise<Tx>;
}
const asTx = (value: unknown) => value as Tx;
/** The rejection of a call expected to fail (an AuthApiError carries Okta's errorCode). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => ({ errorCode: 'none (it succeeded)' }),
    (e: { errorCode: string }) => e,
  );

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;

describe('MFA factors', () => {
  it('e-mail code: MFA_REQUIRED → challenge e-mailed → verify → SUCCESS; a wrong code is E0000068', async () => {
    const user = await h.createUser({ factor: 'email' });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(tx.status).toBe('MFA_REQUIRED');
    expect(tx.factors).toHaveLength(1);
    const factor = tx.factors[0];
    expect(factor.factorType).toBe('email');
    const challenge = asTx(await factor.verify());
    expect(challenge.status).toBe('MFA_CHALLENGE');
    const mail = await h.mail(user.login, 'sign-in code');
    const wrong = await failure(
      challenge.verify({ passCode: codeIn(mail.text) === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.errorCode).toBe('E0000068');
    const done = asTx(await challenge.verify({ passCode: codeIn(mail.text) }));
    expect(done.status).toBe('SUCCESS');
    expect(done.sessionToken).toBeTruthy();
  });

  it('TOTP (RFC 6238): the code from an authenticator for the same secret signs in', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const user = await h.createUser({ factor: 'token:software:totp', totpSecret: secret });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    const factor = tx.factors.find((f) => f.factorType === 'token:software:totp') as Factor;
    const bad = await failure(factor.verify({ passCode: '12345' }));
    expect(bad.errorCode).toBe('E0000068');
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const done = asTx(await factor.verify({ passCode: totp.generate() }));
    expect(done.status).toBe('SUCCESS');
  });

  it('push: the SDK polls WAITING until the e-mailed link is approved; rememberDevice skips MFA next time', async () => {
    jar.clear();
    const user = await h.createUser({ factor: 'push' });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    const challenge = asTx(await tx.factors[0].verify());
    expect(challenge.status).toBe('MFA_CHALLENGE');
    expect(challenge.factorResult).toBe('WAITING');
    const polling = challenge.poll({ delay: 50, rememberDevice: true });
    const mail = await h.mail(user.login, 'approve');
    const link = /(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(mail.text)?.[1] as string;
    const page = await realFetch(link);
    expect(await page.text()).toContain('name="decision" value="approve"');
    const approved = await realFetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(approved.status).toBe(200);
    const done = asTx(await polling);
    expect(done.status).toBe('SUCCESS');
    // A replayed approval link decides nothing.
    expect(
      (
        await realFetch(link, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'decision=approve',
        })
      ).status,
    ).toBe(410);

    const again = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(again.status).toBe('SUCCESS');
  });

  it('push denied: the poll ends with REJECTED', async () => {
    jar.clear();
    const user = await h.createUser({ factor: 'push' });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    const challenge = asTx(await tx.factors[0].verify());
    const polling = challenge.poll({ delay: 50 });
    const mail = await h.mail(user.login, 'approve');
    const link = /(http\S+\/api\/v1\/authn\/push\/\S+)/.exec(mail.text)?.[1] as string;
    await realFetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=deny',
    });
    const done = asTx(await polling);
    expect(done.status).toBe('MFA_CHALLENGE');
    expect(done.factorResult).toBe('REJECTED');
  });

  it("the SDK's own errors: poll stopped, link names, no transaction", async () => {
    const user = await h.createUser({ factor: 'push' });
    const auth = sdk();
    const tx = asTx(await auth.signInWithCredentials({ username: user.login, password: PASSWORD }));
    const challenge = asTx(await tx.factors[0].verify());
    const polling = challenge.poll({ delay: 50 }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 120));
    await challenge.prev();
    expect(((await polling) as Error).message).toBe('The poll was stopped by the sdk');

    const second = asTx(await auth.signInWithCredentials({ username: user.login, password: PASSWORD }));
    const again = asTx(await second.factors[0].verify());
    expect(() => again.resend()).toThrow('Must provide a link name');
    expect(() => again.resend('sms')).toThrow('No link found for that name');
    const resent = asTx(await again.resend('push'));
    expect(resent.factorResult).toBe('WAITING');

    // The SDK keeps the stateToken (Node: in its process-wide storage) until the transaction is cancelled;
    // then there is nothing to resume or evaluate.
    await again.cancel();
    const fresh = sdk();
    await expect(fresh.tx.resume()).rejects.toThrow('No transaction to resume');
    await expect(fresh.tx.introspect()).rejects.toThrow('No transaction to evaluate');
  });
});

describe('MFA enrolment', () => {
  it('MFA_ENROLL → e-mail factor → code e-mailed → activate → SUCCESS; next sign-in asks for it', async () => {
    const user = await h.createUser({ mfaRequired: true });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(tx.status).toBe('MFA_ENROLL');
    expect(tx.factors.map((f) => f.factorType)).toEqual(['email', 'token:software:totp']);
    const email = tx.factors.find((f) => f.factorType === 'email') as Factor;
    const activate = asTx(await email.enroll());
    expect(activate.status).toBe('MFA_ENROLL_ACTIVATE');
    const wrong = await failure(activate.activate({ passCode: '1' }));
    expect(wrong.errorCode).toBe('E0000068');
    const mail = await h.mail(user.login, 'sign-in code');
    const done = asTx(await activate.activate({ passCode: codeIn(mail.text) }));
    expect(done.status).toBe('SUCCESS');
    const next = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(next.status).toBe('MFA_REQUIRED');
  });

  it("TOTP enrolment shows the shared secret, an otpauth:// URI and a QR code; the app's code activates it", async () => {
    const user = await h.createUser({ mfaRequired: true });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    const totpFactor = tx.factors.find((f) => f.factorType === 'token:software:totp') as Factor;
    const activate = asTx(await totpFactor.enroll());
    // The SDK flattens `_embedded` (factor.activation); the QR link stays in the raw answer (tx.data).
    expect(activate.factor.activation?.sharedSecret).toMatch(/^[A-Z2-7]{32}$/);
    const activation = activate.data._embedded.factor._embedded.activation;
    expect(activation.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(activation._links.qrcode.href).toMatch(/^data:image\/png;base64,/);
    const totp = new TOTP({ secret: Secret.fromBase32(activation.sharedSecret) });
    expect((await activate.activate({ passCode: totp.generate() })).status).toBe('SUCCESS');
  });
});

describe('passwords', () => {
  it('PASSWORD_EXPIRED → changePassword → SUCCESS; the old password no longer works', async () => {
    const user = await h.createUser({ passwordExpired: true });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(tx.status).toBe('PASSWORD_EXPIRED');
    const weak = await failure(tx.changePassword({ oldPassword: PASSWORD, newPassword: 'short' }));
    expect(weak.errorCode).toBe('E0000080');
    const done = asTx(await tx.changePassword({ oldPassword: PASSWORD, newPassword: 'A-new-passw0rd' }));
    expect(done.status).toBe('SUCCESS');
    const old = await sdk()
      .signInWithCredentials({ username: user.login, password: PASSWORD })
      .catch((e) => e);
    expect(old.errorCode).toBe('E0000004');
    expect(
      (await sdk().signInWithCredentials({ username: user.login, password: 'A-new-passw0rd' })).status,
    ).toBe('SUCCESS');
  });

  it('PASSWORD_WARN → skip → SUCCESS', async () => {
    const user = await h.createUser({ passwordWarn: true });
    const tx = asTx(await sdk().signInWithCredentials({ username: user.login, password: PASSWORD }));
    expect(tx.status).toBe('PASSWORD_WARN');
    expect((await tx.skip()).status).toBe('SUCCESS');
  });

  it('forgotPassword → e-mail → verifyRecoveryToken → PASSWORD_RESET → resetPassword → SUCCESS', async () => {
    const user = await h.createUser();
    const auth = sdk();
    const challenge = asTx(await auth.forgotPassword({ username: user.login, factorType: 'EMAIL' }));
    expect(challenge.status).toBe('RECOVERY_CHALLENGE');
    expect(challenge.factorResult).toBe('WAITING');
    // Unknown users get the same answer (no enumeration) and no mail.
    expect((await auth.forgotPassword({ username: 'ghost@example.test', factorType: 'EMAIL' })).status).toBe(
      'RECOVERY_CHALLENGE',
    );
    const mail = await h.mail(user.login, 'reset your password');
    expect(mail.text).toContain(`${h.origin()}/signin/reset-password/`);
    const token = /Recovery token: (\S+)/.exec(mail.text)?.[1] as string;
    const reset = asTx(await auth.verifyRecoveryToken({ recoveryToken: token }));
    expect(reset.status).toBe('PASSWORD_RESET');
    const done = asTx(await reset.resetPassword({ newPassword: 'Fresh-start-42' }));
    expect(done.status).toBe('SUCCESS');
    expect(
      (await sdk().signInWithCredentials({ username: user.login, password: 'Fresh-start-42' })).status,
    ).toBe('SUCCESS');
    const replay = await auth.verifyRecoveryToken({ recoveryToken: token }).catch((e) => e);
    expect(replay.errorCode).toBe('E0000011');
  });
});
