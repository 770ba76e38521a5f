import type { OktaAuth } from '@okta/okta-auth-js';
import {
  addEmail,
  addPhone,
  deleteEmail,
  deletePassword,
  deletePhone,
  EmailRole,
  enrollPassword,
  getEmail,
  getEmailChallenge,
  getEmails,
  getPassword,
  getPhone,
  getPhones,
  getProfile,
  getProfileSchema,
  sendEmailChallenge,
  sendPhoneChallenge,
  updatePassword,
  updateProfile,
  verifyEmailChallenge,
  verifyPhoneChallenge,
} from '@okta/okta-auth-js/myaccount';
import { upsertProfileAttribute } from '@trackwell/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieJarFetch,
  type IdpHarness,
  PASSWORD,
  signInWithSdk,
  startIdp,
  useIdpWithCookieJar,
} from '../support/identity-harness.ts';

/**
 * Every MyAccount function of okta-auth-js 8 against the embedded IdP (Okta MyAccount API): profile and
 * schema, e-mails (add, challenge, poll, verify, delete), phones ("SMS" codes read from the mail sink),
 * password (NOT_ENROLLED → enroll; ACTIVE → read, update, delete), scopes and step-up.
 */

const idp = useIdpWithCookieJar();
const { realFetch, jar } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] as string;
/** The parts of MyAccount transactions these tests read (okta-auth-js builds the methods from `_links`). */
interface Any {
  id: string;
  status: string;
  roles?: string[];
  profile: Record<string, unknown>;
  properties: { [name: string]: { title: string; permissions: unknown } };
  _links?: unknown;
  enroll?: unknown;
  challenge: () => Promise<Any>;
  poll: () => Promise<Any>;
  verify: (payload: object) => Promise<Any>;
}

async function signedIn(scopes?: string[]) {
  const user = await h.createUser({ firstName: 'Mary', lastName: 'Somerville' });
  const { auth } = await signInWithSdk(h, jar.fetch, user.login, '127.0.0.1', scopes);
  return { user, auth: auth as OktaAuth };
}

describe('MyAccount API × okta-auth-js/myaccount', () => {
  it('profile: get, schema with READ_ONLY/READ_WRITE (tenant attributes too), update', async () => {
    await upsertProfileAttribute(h.t.app.db, h.tenantId(), {
      name: 'organization',
      title: 'Organisation',
      permission: 'READ_WRITE',
      maxLength: 100,
    });
    const { user, auth } = await signedIn();
    const profile = (await getProfile(auth)) as unknown as Any;
    expect(profile.profile).toMatchObject({
      firstName: 'Mary',
      lastName: 'Somerville',
      email: user.login,
      organization: null,
    });
    const schema = (await getProfileSchema(auth)) as unknown as Any;
    expect(schema.properties.email?.permissions).toEqual([{ principal: 'SELF', action: 'READ_ONLY' }]);
    expect(schema.properties.firstName?.permissions).toEqual([{ principal: 'SELF', action: 'READ_WRITE' }]);
    expect(schema.properties.organization?.title).toBe('Organisation');
    const updated = (await updateProfile(auth, {
      payload: { profile: { ...profile.profile, firstName: 'Mary F.', organization: 'Royal Society' } },
    })) as unknown as Any;
    expect(updated.profile.firstName).toBe('Mary F.');
    expect(updated.profile.organization).toBe('Royal Society');
    const ro = await updateProfile(auth, {
      payload: { profile: { ...updated.profile, email: 'x@example.test' } },
    }).catch((e) => e);
    expect(ro.errorCode).toBe('E0000001');
    // The portal's user info reflects the change.
    const at = auth.tokenManager.getTokensSync().accessToken?.accessToken;
    const res = await realFetch(`${h.origin()}/api/identity/v1/me`, {
      headers: { authorization: `Bearer ${at}` },
    });
    const me = (await res.json()) as { firstName: string };
    expect(me.firstName).toBe('Mary F.');
  });

  it('e-mails: add (UNVERIFIED) → challenge → poll → verify → VERIFIED; get; delete', async () => {
    const { user, auth } = await signedIn();
    const list = (await getEmails(auth)) as unknown as Any[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'VERIFIED', roles: ['PRIMARY'], profile: { email: user.login } });

    const address = `second-${Date.now()}@example.test`;
    const added = (await addEmail(auth, {
      payload: { profile: { email: address }, sendEmail: false, role: EmailRole.SECONDARY },
    })) as unknown as Any;
    expect(added.status).toBe('UNVERIFIED');
    const challenge = (await added.challenge()) as unknown as Any;
    expect(challenge.status).toBe('UNVERIFIED');
    expect((await challenge.poll()).status).toBe('UNVERIFIED');
    const again = (await getEmailChallenge(auth, {
      emailId: added.id,
      challengeId: challenge.id,
    })) as unknown as Any;
    expect(again.id).toBe(challenge.id);
    const wrong = await verifyEmailChallenge(auth, {
      emailId: added.id,
      challengeId: challenge.id,
      payload: { verificationCode: '000001' },
    }).catch((e) => e);
    expect(wrong.errorCode).toBe('E0000068');
    const code = codeIn((await h.mail(address, 'verify your e-mail')).text);
    await challenge.verify({ verificationCode: code });
    expect((await challenge.poll()).status).toBe('VERIFIED');
    expect(((await getEmail(auth, { id: added.id })) as unknown as Any).status).toBe('VERIFIED');

    // sendEmailChallenge, the function form.
    const third = (await addEmail(auth, {
      payload: {
        profile: { email: `third-${Date.now()}@example.test` },
        sendEmail: false,
        role: EmailRole.SECONDARY,
      },
    })) as unknown as Any;
    const ch = (await sendEmailChallenge(auth, { id: third.id })) as unknown as Any;
    expect(ch._links).toBeUndefined(); // BaseTransaction keeps everything but _links
    expect(ch.id).toMatch(/^chl/);

    await deleteEmail(auth, { id: added.id });
    await expect(getEmail(auth, { id: added.id })).rejects.toMatchObject({ errorCode: 'E0000007' });
    const primary = list[0] as Any;
    await expect(deleteEmail(auth, { id: primary.id })).rejects.toMatchObject({ errorCode: 'E0000001' });
  });

  it('phones: add → "SMS" code in the sink → verify → VERIFIED; challenge again; delete', async () => {
    const { auth } = await signedIn();
    const number = `+1555${String(Date.now()).slice(-7)}`;
    const phone = (await addPhone(auth, {
      payload: { profile: { phoneNumber: number }, sendCode: true, method: 'SMS' },
    })) as unknown as Any;
    expect(phone.status).toBe('UNVERIFIED');
    const sms = await h.mail(`${number.replace(/\D/g, '')}@sms.invalid`);
    expect(sms.subject).toBe(`SMS to ${number}`);
    await phone.verify({ verificationCode: codeIn(sms.text) });
    expect(((await getPhone(auth, { id: phone.id })) as unknown as Any).status).toBe('VERIFIED');
    expect(((await getPhones(auth)) as unknown as Any[]).map((p) => p.id)).toEqual([phone.id]);
    const challenged = (await sendPhoneChallenge(auth, {
      id: phone.id,
      payload: { method: 'SMS' },
    })) as unknown as Any;
    expect(challenged).toBeDefined();
    await expect(
      verifyPhoneChallenge(auth, { id: phone.id, payload: { verificationCode: '12' } }),
    ).rejects.toMatchObject({ errorCode: 'E0000068' });
    await deletePhone(auth, { id: phone.id });
    expect(await getPhones(auth)).toEqual([]);
  });

  it('password: ACTIVE → update (needs the current one) → delete → NOT_ENROLLED → enroll', async () => {
    const { user, auth } = await signedIn();
    const pwd = (await getPassword(auth)) as unknown as Any;
    expect(pwd.status).toBe('ACTIVE');
    const badCurrent = await updatePassword(auth, {
      payload: { profile: { password: 'Another-pass-7', currentPassword: 'nope-nope-1' } },
    }).catch((e) => e);
    expect(badCurrent.errorCode).toBe('E0000014');
    const updated = (await updatePassword(auth, {
      payload: { profile: { password: 'Another-pass-7', currentPassword: PASSWORD } },
    })) as unknown as Any;
    expect(updated.status).toBe('ACTIVE');
    await deletePassword(auth);
    const none = (await getPassword(auth)) as unknown as Any;
    expect(none.status).toBe('NOT_ENROLLED');
    expect(typeof none.enroll).toBe('function');
    const enrolled = (await enrollPassword(auth, {
      payload: { profile: { password: 'Enrolled-pass-8' } },
    })) as unknown as Any;
    expect(enrolled.status).toBe('ACTIVE');
    const res = await realFetch(`${h.origin()}/api/v1/authn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.login, password: 'Enrolled-pass-8' }),
    });
    expect(((await res.json()) as unknown as Any).status).toBe('SUCCESS');
  });

  it('scopes, okta-version, bearer and empty-body rules', async () => {
    const { auth } = await signedIn(['openid', 'profile', 'email', 'okta.myAccount.profile.read']);
    expect(((await getProfile(auth)) as unknown as Any).profile).toBeDefined();
    const denied = await getEmails(auth).catch((e) => e);
    expect(denied.errorCode).toBe('E0000006');
    const at = auth.tokenManager.getTokensSync().accessToken?.accessToken;
    const base = `${h.origin()}/idp/myaccount/profile`;
    const v2 = await realFetch(base, {
      headers: { authorization: `Bearer ${at}`, accept: '*/*;okta-version=2.0.0' },
    });
    expect(v2.status).toBe(406);
    const ok = await realFetch(base, {
      headers: { authorization: `Bearer ${at}`, accept: '*/*;okta-version=1.0.0' },
    });
    expect(ok.headers.get('content-type')).toMatch(/^application\/json; okta-version=1\.0\.0/);
    const none = await realFetch(base, { headers: { accept: '*/*;okta-version=1.0.0' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

describe('step-up', () => {
  // Its own identity provider where a sign-in is "recent" for 1 s, started before the test (a start, with its
  // database, can take longer than a test's time on a busy machine).
  let strict: IdpHarness;
  beforeAll(async () => {
    strict = await startIdp({ IDP_STEP_UP_MAX_AGE_SECONDS: '1' });
  });
  afterAll(() => strict?.close());

  it('an old sign-in cannot change the password: 403 insufficient_authentication_context with max_age', async () => {
    const jar2 = cookieJarFetch(realFetch);
    const user = await strict.createUser();
    const { auth } = await signInWithSdk(strict, jar2.fetch, user.login);
    await new Promise((r) => setTimeout(r, 2100));
    const at = auth.tokenManager.getTokensSync().accessToken?.accessToken;
    const res = await realFetch(`${strict.origin()}/idp/myaccount/password`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${at}`,
        accept: '*/*;okta-version=1.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ profile: { password: 'Another-pass-7', currentPassword: PASSWORD } }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toMatch(
      /error="insufficient_authentication_context".*max_age=1/,
    );
    const err = await updatePassword(auth, {
      payload: { profile: { password: 'Another-pass-7', currentPassword: PASSWORD } },
    }).catch((e) => e);
    expect(err.name).toBe('AuthApiError');
    expect(err.errorSummary).toBe('insufficient_authentication_context');
    expect(err.meta).toMatchObject({ max_age: 1, acr_values: 'urn:okta:loa:1fa:pwd' });
  });
});
