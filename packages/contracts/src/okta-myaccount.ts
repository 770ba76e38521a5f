import { z } from 'zod';
import type { MyAccountScope } from './identity.ts';

/**
 * The Okta MyAccount API (`/idp/myaccount/*`) for the bearer's own account, as the embedded identity provider
 * answers it for `@okta/okta-auth-js/myaccount` (Okta MyAccount API: Profile, Email, Phone, Password): the
 * paths, the scope each operation needs, the request bodies, and the answers with the presenters that build
 * them. The server validates and serializes with these; the portal's test fake answers with the same
 * presenters, so both say the same thing. Every answer carries `_links` (the SDK follows them unguarded).
 */

export const MYACCOUNT_BASE = '/idp/myaccount';

export const MYACCOUNT_PATHS = {
  profile: `${MYACCOUNT_BASE}/profile`,
  profileSchema: `${MYACCOUNT_BASE}/profile/schema`,
  emails: `${MYACCOUNT_BASE}/emails`,
  email: `${MYACCOUNT_BASE}/emails/:id`,
  emailChallenge: `${MYACCOUNT_BASE}/emails/:id/challenge`,
  emailChallengeStatus: `${MYACCOUNT_BASE}/emails/:id/challenge/:cid`,
  emailChallengeVerify: `${MYACCOUNT_BASE}/emails/:id/challenge/:cid/verify`,
  phones: `${MYACCOUNT_BASE}/phones`,
  phone: `${MYACCOUNT_BASE}/phones/:id`,
  phoneChallenge: `${MYACCOUNT_BASE}/phones/:id/challenge`,
  phoneVerify: `${MYACCOUNT_BASE}/phones/:id/verify`,
  password: `${MYACCOUNT_BASE}/password`,
} as const;

/** Reading needs the read or the manage scope of the area; changing needs manage (Okta MyAccount scopes). */
export const MYACCOUNT_READ = {
  profile: ['okta.myAccount.profile.read', 'okta.myAccount.profile.manage'],
  email: ['okta.myAccount.email.read', 'okta.myAccount.email.manage'],
  phone: ['okta.myAccount.phone.read', 'okta.myAccount.phone.manage'],
  password: ['okta.myAccount.password.read', 'okta.myAccount.password.manage'],
} as const satisfies Record<string, readonly MyAccountScope[]>;

export const MYACCOUNT_MANAGE = {
  profile: ['okta.myAccount.profile.manage'],
  email: ['okta.myAccount.email.manage'],
  phone: ['okta.myAccount.phone.manage'],
  password: ['okta.myAccount.password.manage'],
} as const satisfies Record<string, readonly MyAccountScope[]>;

/** The media type of every MyAccount answer with a body (the SDK asks for `okta-version=1.0.0`). */
export const MYACCOUNT_VERSION = '1.0.0';
export const MYACCOUNT_CONTENT_TYPE = `application/json; okta-version=${MYACCOUNT_VERSION}`;

// ---- requests ------------------------------------------------------------------------------------------

/**
 * A body field as Okta documents it: named for clients (OpenAPI), any JSON value let through, because each
 * operation checks its fields itself and answers a wrong one with Okta's error naming the field
 * (400 E0000001 `profile.email: Does not match required pattern`).
 */
const field = (description: string, type = 'string') => z.unknown().optional().meta({ type, description });

/** A body is a JSON object, or nothing; anything else is 400 E0000003. */
const body = <Shape extends Record<string, z.ZodType>>(shape: Shape) => z.object(shape).nullish();

export const profileUpdateBody = body({
  profile: field(
    'The attributes to change (READ_WRITE ones; a READ_ONLY one only with its value).',
    'object',
  ),
});
export const emailAddBody = body({
  profile: field('`{ email }`: the address to add.', 'object'),
  role: field('`PRIMARY` or `SECONDARY` (the default).'),
  sendEmail: field('`false`: add it without sending a verification code.', 'boolean'),
});
export const phoneAddBody = body({
  profile: field('`{ phoneNumber }`: digits, optionally with +, spaces, brackets and dashes.', 'object'),
  method: field('`SMS` (the default) or `CALL`.'),
  sendCode: field('`false`: add it without sending a code.', 'boolean'),
});
export const phoneChallengeBody = body({ method: field('`SMS` (the default) or `CALL`.') });
export const verificationCodeBody = body({ verificationCode: field('The six-digit code that was sent.') });
export const passwordBody = body({
  profile: field('`{ password }` to enrol; `{ password, currentPassword }` to change.', 'object'),
});

export const idParams = z.object({ id: z.string().meta({ description: 'The e-mail’s or phone’s id.' }) });
export const challengeParams = z.object({
  id: z.string().meta({ description: 'The e-mail’s id.' }),
  cid: z.string().meta({ description: 'The challenge’s id.' }),
});

// ---- answers -------------------------------------------------------------------------------------------

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const link = z.object({ href: z.string(), hints: z.object({ allow: z.array(z.enum(METHODS)) }).optional() });
const linkTo = (href: string, ...allow: Method[]) => ({ href, hints: { allow } });

export const myAccountProfile = z.object({
  createdAt: z.string(),
  modifiedAt: z.string(),
  /** The built-in attributes and the store's own (null when unset). */
  profile: z.record(z.string(), z.string().nullable()),
  _links: z.object({ self: link, describedBy: link }),
});
export type MyAccountProfile = z.infer<typeof myAccountProfile>;

export const PROFILE_PERMISSIONS = ['READ_ONLY', 'READ_WRITE'] as const;
export type ProfilePermission = (typeof PROFILE_PERMISSIONS)[number];

export const myAccountProfileSchema = z.object({
  properties: z.record(
    z.string(),
    z.object({
      title: z.string(),
      type: z.literal('string'),
      maxLength: z.number(),
      permissions: z.array(z.object({ principal: z.literal('SELF'), action: z.enum(PROFILE_PERMISSIONS) })),
      format: z.literal('email').optional(),
      /** The locale: one of the store's languages. */
      enum: z.array(z.string()).optional(),
    }),
  ),
  _links: z.object({ self: link, user: link }),
});
export type MyAccountProfileSchema = z.infer<typeof myAccountProfileSchema>;

export const CONTACT_STATUSES = ['VERIFIED', 'UNVERIFIED'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const EMAIL_ROLES = ['PRIMARY', 'SECONDARY'] as const;
export type EmailRole = (typeof EMAIL_ROLES)[number];

export const myAccountEmail = z.object({
  id: z.string(),
  status: z.enum(CONTACT_STATUSES),
  roles: z.array(z.enum(EMAIL_ROLES)),
  profile: z.object({ email: z.string() }),
  _links: z.object({ self: link, challenge: link.optional() }),
});
export type MyAccountEmail = z.infer<typeof myAccountEmail>;

export const myAccountEmailChallenge = z.object({
  id: z.string(),
  status: z.enum(CONTACT_STATUSES),
  expiresAt: z.string(),
  profile: z.object({ email: z.string() }),
  _links: z.object({ verify: link, poll: link }),
});
export type MyAccountEmailChallenge = z.infer<typeof myAccountEmailChallenge>;

export const myAccountPhone = z.object({
  id: z.string(),
  status: z.enum(CONTACT_STATUSES),
  profile: z.object({ phoneNumber: z.string() }),
  _links: z.object({ self: link, challenge: link, verify: link.optional() }),
});
export type MyAccountPhone = z.infer<typeof myAccountPhone>;

export const myAccountPhoneChallenge = z.object({ _links: z.object({ verify: link }) });

export const myAccountPassword = z.union([
  z.object({
    id: z.string(),
    status: z.literal('ACTIVE'),
    created: z.string(),
    lastUpdated: z.string(),
    _links: z.object({ self: link }),
  }),
  z.object({
    id: z.string(),
    status: z.literal('NOT_ENROLLED'),
    _links: z.object({ self: link, enroll: link }),
  }),
]);
export type MyAccountPassword = z.infer<typeof myAccountPassword>;

/** An e-mail challenge's verify answer: `{}` (never an empty body: the SDK parses it). */
export const myAccountVerified = z.object({}).strict();

// ---- presenters (server and test fake) ------------------------------------------------------------------

/** `base` is the store's origin + MYACCOUNT_BASE: every `href` is absolute, from configuration. */
export function presentEmail(
  base: string,
  e: { id: string; email: string; role: EmailRole; status: ContactStatus },
): MyAccountEmail {
  const self = `${base}/emails/${e.id}`;
  return {
    id: e.id,
    status: e.status,
    roles: [e.role],
    profile: { email: e.email },
    _links: {
      self: e.role === 'PRIMARY' ? linkTo(self, 'GET') : linkTo(self, 'GET', 'DELETE'),
      // A challenge is offered while the address is unverified, and always for the primary one.
      ...(e.status === 'UNVERIFIED' || e.role === 'PRIMARY'
        ? { challenge: linkTo(`${self}/challenge`, 'POST') }
        : {}),
    },
  };
}

export function presentEmailChallenge(
  base: string,
  c: { emailId: string; email: string; challengeId: string; expiresAt: Date; status: ContactStatus },
): MyAccountEmailChallenge {
  const href = `${base}/emails/${c.emailId}/challenge/${c.challengeId}`;
  return {
    id: c.challengeId,
    status: c.status,
    expiresAt: c.expiresAt.toISOString(),
    profile: { email: c.email },
    _links: { verify: linkTo(`${href}/verify`, 'POST'), poll: linkTo(href, 'GET') },
  };
}

export function presentPhone(
  base: string,
  p: { id: string; phoneNumber: string; status: ContactStatus },
): MyAccountPhone {
  const self = `${base}/phones/${p.id}`;
  return {
    id: p.id,
    status: p.status,
    profile: { phoneNumber: p.phoneNumber },
    _links: {
      self: linkTo(self, 'GET', 'DELETE'),
      challenge: linkTo(`${self}/challenge`, 'POST'),
      ...(p.status === 'UNVERIFIED' ? { verify: linkTo(`${self}/verify`, 'POST') } : {}),
    },
  };
}

export const presentPhoneChallenge = (base: string, phoneId: string) => ({
  _links: { verify: linkTo(`${base}/phones/${phoneId}/verify`, 'POST') },
});

export function presentPassword(
  base: string,
  p: { id: string; enrolled: false } | { id: string; enrolled: true; created: Date; lastUpdated: Date },
): MyAccountPassword {
  const href = `${base}/password`;
  return p.enrolled
    ? {
        id: p.id,
        status: 'ACTIVE',
        created: p.created.toISOString(),
        lastUpdated: p.lastUpdated.toISOString(),
        _links: { self: linkTo(href, 'GET', 'PUT', 'DELETE') },
      }
    : {
        id: p.id,
        status: 'NOT_ENROLLED',
        _links: { self: linkTo(href, 'GET'), enroll: linkTo(href, 'POST') },
      };
}

export interface ProfileAttributeView {
  name: string;
  title: string;
  permission: ProfilePermission;
  maxLength: number;
}

export function presentProfileSchema(
  base: string,
  attributes: ProfileAttributeView[],
  languages: readonly string[],
): MyAccountProfileSchema {
  const properties = Object.fromEntries(
    attributes.map((a) => [
      a.name,
      {
        title: a.title,
        type: 'string' as const,
        maxLength: a.maxLength,
        permissions: [{ principal: 'SELF' as const, action: a.permission }],
        ...(a.name === 'email' ? { format: 'email' as const } : {}),
        // The locale is a choice of the store's languages (Okta schemas list choices in `enum`).
        ...(a.name === 'locale' ? { enum: [...languages] } : {}),
      },
    ]),
  );
  return {
    properties,
    _links: { self: { href: `${base}/profile/schema` }, user: { href: `${base}/profile` } },
  };
}

export function presentProfile(
  base: string,
  p: { createdAt: Date; modifiedAt: Date; profile: Record<string, string | null> },
): MyAccountProfile {
  return {
    createdAt: p.createdAt.toISOString(),
    modifiedAt: p.modifiedAt.toISOString(),
    profile: p.profile,
    _links: { self: { href: `${base}/profile` }, describedBy: { href: `${base}/profile/schema` } },
  };
}
