import { z } from 'zod';

/**
 * Okta's session endpoints as the embedded identity provider answers them for okta-auth-js's `session.*`
 * (Okta Sessions API: "Get current session", "Close current session", "Refresh current session") and the
 * `session.setCookieAndRedirect` hop (`/login/sessionCookieRedirect`).
 */

export const SESSION_PATHS = {
  me: '/api/v1/sessions/me',
  refresh: '/api/v1/sessions/me/lifecycle/refresh',
  cookieRedirect: '/login/sessionCookieRedirect',
} as const;

const link = z.object({ href: z.string(), hints: z.object({ allow: z.array(z.string()) }) });

/** The current session (Okta's Session object). */
export const oktaSession = z.object({
  id: z.string(),
  userId: z.string(),
  login: z.string(),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  status: z.literal('ACTIVE'),
  lastPasswordVerification: z.string().nullable(),
  lastFactorVerification: z.string().nullable(),
  amr: z.array(z.string()),
  idp: z.object({ id: z.string(), type: z.literal('OKTA') }),
  mfaActive: z.boolean(),
  _links: z.object({ self: link, refresh: link, user: link.extend({ name: z.string() }) }),
});
export type OktaSession = z.infer<typeof oktaSession>;

/** The query of the cookie-redirect hop: a one-time sessionToken, and where to go on this site. */
export const sessionCookieRedirectQuery = z.object({
  token: z.string().optional().meta({ description: 'The one-time sessionToken of a successful sign-in.' }),
  redirectUrl: z
    .string()
    .optional()
    .meta({ description: 'Where to go next: a URL of this store’s own origin, else 400 E0000001.' }),
});
