import {
  type MyAccountProfile,
  type MyAccountProfileSchema,
  offeredLanguage,
  presentProfile,
  presentProfileSchema,
  profileLocaleProblem,
} from '@trackwell/contracts';
import {
  findIdentityUserById,
  type IdentityUser,
  listProfileAttributes,
  type ProfileAttribute,
  updateIdentityProfile,
} from '@trackwell/db';
import { OktaApiError, oktaErrors } from '../okta-errors.ts';
import type { MyAccountCaller } from './caller.ts';

/** The built-in profile attributes; a store adds its own (identity_profile_attributes). */
const BUILT_IN_ATTRIBUTES: ProfileAttribute[] = [
  { name: 'login', title: 'Username', permission: 'READ_ONLY', maxLength: 100 },
  { name: 'email', title: 'Primary email', permission: 'READ_ONLY', maxLength: 100 },
  { name: 'firstName', title: 'First name', permission: 'READ_WRITE', maxLength: 50 },
  { name: 'lastName', title: 'Last name', permission: 'READ_WRITE', maxLength: 50 },
  { name: 'locale', title: 'Locale', permission: 'READ_WRITE', maxLength: 10 },
];
const REQUIRED = ['firstName', 'lastName'] as const;

/** Profile values are single-line text: no control characters (they would break e-mails and logs). */
const hasControlCharacters = (value: string) => [...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20);

/** A store attribute's stored value: text, or unset (only text is ever stored through this API). */
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

const attributesOf = async (c: MyAccountCaller) => [
  ...BUILT_IN_ATTRIBUTES,
  ...(await listProfileAttributes(c.db, c.tenant.id)),
];

function profileValues(c: MyAccountCaller, user: IdentityUser, extra: ProfileAttribute[]) {
  return {
    login: user.login,
    email: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    // One language preference: a language the store offers; old free text (or one no longer offered) is unset.
    locale: offeredLanguage(user.locale, c.tenant.config.ui.languages) ?? null,
    ...Object.fromEntries(extra.map((a) => [a.name, textOrNull(user.profileExtra[a.name])])),
  };
}

/** GET /idp/myaccount/profile: the built-in attributes and the store's own, as stored now. */
export async function readProfile(c: MyAccountCaller): Promise<MyAccountProfile> {
  const user = (await findIdentityUserById(c.db, c.tenant.id, c.user.id)) as IdentityUser;
  const extra = await listProfileAttributes(c.db, c.tenant.id);
  return presentProfile(c.base, {
    createdAt: user.createdAt,
    modifiedAt: user.updatedAt,
    profile: profileValues(c, user, extra),
  });
}

/** GET /idp/myaccount/profile/schema: each attribute's title, limit and whether the user may change it. */
export async function readProfileSchema(c: MyAccountCaller): Promise<MyAccountProfileSchema> {
  return presentProfileSchema(c.base, await attributesOf(c), c.tenant.config.ui.languages);
}

/** One attribute's new value checked: a cause naming the field, or the value to store. */
function checkValue(
  c: MyAccountCaller,
  attr: ProfileAttribute | undefined,
  key: string,
  value: unknown,
  current: unknown,
): { cause: string } | { value: unknown } | undefined {
  if (!attr) return { cause: `${key}: Property name '${key}' is not defined in the profile schema` };
  if (attr.permission === 'READ_ONLY')
    return value !== current ? { cause: `${key}: The property is read-only` } : undefined;
  if (key === 'locale') {
    // One of the store's languages (or null), never free text.
    const problem = profileLocaleProblem(value, c.tenant.config.ui.languages);
    return problem ? { cause: problem } : { value };
  }
  if (
    value !== null &&
    (typeof value !== 'string' || value.length > attr.maxLength || hasControlCharacters(value))
  )
    return { cause: `${key}: must be text of at most ${attr.maxLength} characters` };
  return { value };
}

/**
 * PUT /idp/myaccount/profile: every named attribute checked (all causes at once, 400 E0000001), READ_ONLY
 * ones only with their current value, first and last name never blank; then stored and answered as read.
 */
export async function updateProfile(c: MyAccountCaller, input: unknown): Promise<MyAccountProfile> {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    throw oktaErrors.validation('profile: The field is required');
  const attrs = await attributesOf(c);
  const current: Record<string, unknown> = (await readProfile(c)).profile;
  const next: Record<string, unknown> = { ...current };
  const causes: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const checked = checkValue(
      c,
      attrs.find((a) => a.name === key),
      key,
      value,
      current[key],
    );
    if (checked && 'cause' in checked) causes.push(checked.cause);
    else if (checked) next[key] = checked.value;
  }
  for (const required of REQUIRED)
    if (typeof next[required] !== 'string' || !(next[required] as string).trim())
      causes.push(`${required}: The field cannot be left blank`);
  if (causes.length) throw new OktaApiError(400, 'E0000001', 'Api validation failed: profile', causes);
  const extraNames = attrs.filter((a) => !BUILT_IN_ATTRIBUTES.includes(a)).map((a) => a.name);
  await updateIdentityProfile(c.db, c.tenant.id, c.user.id, {
    firstName: (next.firstName as string).trim(),
    lastName: (next.lastName as string).trim(),
    locale: (next.locale as string | null) ?? null,
    profileExtra: Object.fromEntries(extraNames.map((n) => [n, next[n] ?? null])),
  });
  return readProfile(c);
}
