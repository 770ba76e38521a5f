/**
 * spec §3 "User info", the answer of `GET /api/identity/v1/me` (USER_INFO_PATH), without Zod:
 * the tracker's first screen waits for it, and reads it with `readUserInfo` rather than download a schema
 * library first. The server answers with identity.ts's `userInfo` schema; `test/user-info.test.ts` holds the
 * two to the same verdict on every value.
 */
export interface UserInfo {
  /** The user's id (a UUID); the tracker API's `userId`. */
  MAEUserID: string;
  /** The tenant's id (a UUID). */
  MAETenantID: string;
  /** 'subscriber company' is signed out by the portal (spec §3, §6). */
  userType: string;
  firstName: string;
  lastName: string;
  /** The sign-in name (e-mail). */
  login: string;
  /** The user's preferred language, when set. */
  locale: string | null;
  /**
   * Whether the user belongs to an organisation of the store (the embedded provider says; others do not):
   * the spec's "subscriber company" sign-out applies only to users without one.
   */
  organisationMember?: boolean;
}

/** An RFC 9562 UUID (versions 1–8), or the nil or max one: what Zod's `z.uuid()` accepts. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

const STRING_FIELDS = ['userType', 'firstName', 'lastName', 'login'] as const;

/**
 * The user info in `body`, with only its known fields; throws a TypeError naming the first field that is
 * missing or of the wrong kind.
 */
export function readUserInfo(body: unknown): UserInfo {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError('User info: expected an object');
  }
  const value = body as Record<string, unknown>;
  const problem = (field: string, expected: string) =>
    new TypeError(`User info: ${field} must be ${expected}`);
  for (const field of ['MAEUserID', 'MAETenantID'] as const) {
    const id = value[field];
    if (typeof id !== 'string' || !UUID.test(id)) throw problem(field, 'a UUID');
  }
  for (const field of STRING_FIELDS) if (typeof value[field] !== 'string') throw problem(field, 'a string');
  if (value.locale !== null && typeof value.locale !== 'string') throw problem('locale', 'a string or null');
  const member = value.organisationMember;
  if (member !== undefined && typeof member !== 'boolean') throw problem('organisationMember', 'a boolean');
  return {
    MAEUserID: value.MAEUserID as string,
    MAETenantID: value.MAETenantID as string,
    userType: value.userType as string,
    firstName: value.firstName as string,
    lastName: value.lastName as string,
    login: value.login as string,
    locale: value.locale as string | null,
    ...(member === undefined ? {} : { organisationMember: member }),
  };
}
