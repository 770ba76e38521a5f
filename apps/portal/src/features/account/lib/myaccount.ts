import type { OktaAuth } from '@okta/okta-auth-js';
import { forgetMyAccountAccessToken, myAccountAccessToken } from './myaccount-token.ts';

/**
 * The account area's calls (spec §7 "Account management"), all through okta-auth-js's `oktaAuth.myaccount`
 * with the account area's own token (myaccount-token.ts). Answers are reduced to plain data (spec §3 "Account
 * entities"): the SDK's transaction objects carry methods bound to the token they were made with, which React
 * state should not keep.
 */

/** spec §3: email {id, profile, roles (PRIMARY | SECONDARY), status (VERIFIED | UNVERIFIED)}. */
export type AccountEmail = {
  id: string;
  address: string;
  primary: boolean;
  verified: boolean;
};

/** spec §3: challenge {id, expiresAt, profile, status}. */
export type EmailChallenge = { id: string; expiresAt: string };

/** spec §3: phone {id, profile, status}. */
export type AccountPhone = { id: string; number: string; verified: boolean };

/** spec §3: password {id, status (NOT_ENROLLED | ACTIVE), created, lastUpdated}. */
export type AccountPassword = { status: 'NOT_ENROLLED' | 'ACTIVE'; lastUpdated?: string };

export type ProfileValue = string | null;

/** spec §3: profile {createdAt, modifiedAt, profile}. */
export type AccountProfile = {
  createdAt?: string;
  modifiedAt?: string;
  profile: Record<string, ProfileValue>;
};

/** One attribute of the profile schema; `editable` comes from its SELF permission. */
export type ProfileField = {
  name: string;
  title: string;
  editable: boolean;
  required: boolean;
  maxLength?: number;
  format?: string;
};

/**
 * The attributes the identity provider always requires (Okta's base profile): a blank one is refused. The
 * schema does not say so, so the form knows it here.
 */
const ALWAYS_REQUIRED = new Set(['firstName', 'lastName']);

type Permission = { principal?: string; action?: string };
type SchemaProperty = {
  title?: string;
  maxLength?: number;
  format?: string;
  required?: boolean;
  /** Okta sends a list of {principal, action}; an object keyed by principal is accepted too. */
  permissions?: Permission[] | Record<string, string>;
};

function selfPermission(permissions: SchemaProperty['permissions']): string | undefined {
  if (Array.isArray(permissions)) return permissions.find((p) => p.principal === 'SELF')?.action;
  return permissions?.SELF;
}

/** The schema's properties as form fields, in the schema's order (spec §3 "schema properties"). */
export function profileFields(schema: { properties?: Record<string, SchemaProperty> }): ProfileField[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    title: property.title ?? name,
    editable: selfPermission(property.permissions) === 'READ_WRITE',
    required: property.required === true || ALWAYS_REQUIRED.has(name),
    ...(property.maxLength ? { maxLength: property.maxLength } : {}),
    ...(property.format ? { format: property.format } : {}),
  }));
}

type RawEmail = { id: string; roles?: string[]; status?: string; profile?: { email?: string } };
type RawPhone = { id: string; status?: string; profile?: { phoneNumber?: string } };
type RawPassword = { status?: string; lastUpdated?: string };
type Options = Record<string, unknown>;
type Fn<T = unknown> = (options: Options) => Promise<T>;

/** The part of `oktaAuth.myaccount` used here (okta-auth-js types it as `any`). */
type MyAccountFunctions = {
  getProfile: Fn<AccountProfile>;
  getProfileSchema: Fn<{ properties?: Record<string, SchemaProperty> }>;
  updateProfile: Fn<AccountProfile>;
  getEmails: Fn<RawEmail[]>;
  addEmail: Fn<RawEmail>;
  deleteEmail: Fn;
  sendEmailChallenge: Fn<{ id: string; expiresAt: string }>;
  verifyEmailChallenge: Fn;
  getPhones: Fn<RawPhone[]>;
  addPhone: Fn<RawPhone>;
  deletePhone: Fn;
  sendPhoneChallenge: Fn;
  verifyPhoneChallenge: Fn;
  getPassword: Fn<RawPassword>;
  enrollPassword: Fn;
  updatePassword: Fn;
  deletePassword: Fn;
};

const toEmail = (e: RawEmail): AccountEmail => ({
  id: e.id,
  address: e.profile?.email ?? '',
  primary: e.roles?.includes('PRIMARY') ?? false,
  verified: e.status === 'VERIFIED',
});
const toPhone = (p: RawPhone): AccountPhone => ({
  id: p.id,
  number: p.profile?.phoneNumber ?? '',
  verified: p.status === 'VERIFIED',
});
const toPassword = (p: RawPassword): AccountPassword => ({
  status: p.status === 'ACTIVE' ? 'ACTIVE' : 'NOT_ENROLLED',
  ...(p.lastUpdated ? { lastUpdated: p.lastUpdated } : {}),
});

/** The SDK's error for a refused token (E0000011): the held token expired or was revoked. */
function isInvalidToken(error: unknown): boolean {
  return (error as { errorCode?: string } | null)?.errorCode === 'E0000011';
}

type Call = <T>(name: keyof MyAccountFunctions, options?: Options) => Promise<T>;

/** Runs one call with the account token; a refused token is asked for again once. */
function callerFor(oktaAuth: OktaAuth): Call {
  const functions = (oktaAuth as unknown as { myaccount: MyAccountFunctions }).myaccount;
  return async <T>(name: keyof MyAccountFunctions, options: Options = {}): Promise<T> => {
    const run = async () =>
      (await functions[name]({ ...options, accessToken: await myAccountAccessToken(oktaAuth) })) as T;
    try {
      return await run();
    } catch (error) {
      if (!isInvalidToken(error)) throw error;
      forgetMyAccountAccessToken(oktaAuth);
      return run();
    }
  };
}

function profileCalls(call: Call) {
  return {
    async getProfile(): Promise<AccountProfile> {
      const { createdAt, modifiedAt, profile } = await call<AccountProfile>('getProfile');
      return { createdAt, modifiedAt, profile: { ...profile } };
    },
    async getProfileFields(): Promise<ProfileField[]> {
      return profileFields(await call('getProfileSchema'));
    },
    /** spec §7 PUT /idp/myaccount/profile: the full profile. */
    async updateProfile(profile: Record<string, ProfileValue>): Promise<AccountProfile> {
      const saved = await call<AccountProfile>('updateProfile', { payload: { profile } });
      return { createdAt: saved.createdAt, modifiedAt: saved.modifiedAt, profile: { ...saved.profile } };
    },
  };
}

function emailCalls(call: Call) {
  /** A new challenge (and code) for an unverified address; also the "resend" (spec §4). */
  async function sendEmailCode(emailId: string): Promise<EmailChallenge> {
    const { id, expiresAt } = await call<EmailChallenge>('sendEmailChallenge', { id: emailId });
    return { id, expiresAt };
  }
  return {
    async listEmails(): Promise<AccountEmail[]> {
      return (await call<RawEmail[]>('getEmails')).map(toEmail);
    },
    /**
     * Adds a secondary address and sends it a code. The address is added without the server's own e-mail
     * (`sendEmail: false`) and then challenged: only the challenge's answer names the challenge id the code
     * is verified against, so exactly one code is sent and the form can verify it.
     */
    async addEmail(address: string): Promise<{ email: AccountEmail; challenge: EmailChallenge }> {
      const email = toEmail(
        await call<RawEmail>('addEmail', {
          payload: { profile: { email: address }, sendEmail: false, role: 'SECONDARY' },
        }),
      );
      return { email, challenge: await sendEmailCode(email.id) };
    },
    sendEmailCode,
    async verifyEmail(emailId: string, challengeId: string, code: string): Promise<void> {
      await call('verifyEmailChallenge', { emailId, challengeId, payload: { verificationCode: code } });
    },
    async deleteEmail(id: string): Promise<void> {
      await call('deleteEmail', { id });
    },
  };
}

function phoneCalls(call: Call) {
  return {
    async listPhones(): Promise<AccountPhone[]> {
      return (await call<RawPhone[]>('getPhones')).map(toPhone);
    },
    /** Adds a number and texts it a code (SMS; locally the code lands in the mail inbox). */
    async addPhone(number: string): Promise<AccountPhone> {
      return toPhone(
        await call<RawPhone>('addPhone', {
          payload: { profile: { phoneNumber: number }, sendCode: true, method: 'SMS' },
        }),
      );
    },
    async sendPhoneCode(id: string): Promise<void> {
      await call('sendPhoneChallenge', { id, payload: { method: 'SMS' } });
    },
    async verifyPhone(id: string, code: string): Promise<void> {
      await call('verifyPhoneChallenge', { id, payload: { verificationCode: code } });
    },
    async deletePhone(id: string): Promise<void> {
      await call('deletePhone', { id });
    },
  };
}

function passwordCalls(call: Call) {
  return {
    async getPassword(): Promise<AccountPassword> {
      return toPassword(await call<RawPassword>('getPassword'));
    },
    /** spec §4: NOT_ENROLLED → enrol. */
    async enrollPassword(password: string): Promise<void> {
      await call('enrollPassword', { payload: { profile: { password } } });
    },
    /** spec §4: ACTIVE → update, with the current password. */
    async updatePassword(currentPassword: string, password: string): Promise<void> {
      await call('updatePassword', { payload: { profile: { password, currentPassword } } });
    },
    async deletePassword(): Promise<void> {
      await call('deletePassword');
    },
  };
}

export type MyAccountClient = ReturnType<typeof createMyAccountClient>;

/** The account area's calls (spec §7 /idp/myaccount/*) through okta-auth-js's MyAccount functions. */
export function createMyAccountClient(oktaAuth: OktaAuth) {
  const call = callerFor(oktaAuth);
  return { ...profileCalls(call), ...emailCalls(call), ...phoneCalls(call), ...passwordCalls(call) };
}
