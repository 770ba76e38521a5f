import { z } from 'zod';
import { absoluteUrl } from './safe-values.ts';

/*
 * The console's identity "test connection": before a store is pointed at an OpenID Connect
 * issuer, the server fetches `<issuer>/.well-known/openid-configuration` and says whether it is usable.
 * The fetch is guarded (https only, public addresses only, no redirect to a private one), bounded in time
 * and size (CONSOLE_IDENTITY_TEST), and never writes anything.
 */

export const CONSOLE_IDENTITY_TEST = {
  /** The whole exchange (redirects included) must end within this. */
  timeoutMs: 5000,
  /** A discovery document larger than this is refused (and read no further). */
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
} as const;

export const consoleIdentityTestBody = z
  .object({
    /** The issuer identifier, e.g. https://login.example.com/oauth2/default (no trailing slash needed). */
    issuer: absoluteUrl,
  })
  .strict();

export const consoleIdentityTestAnswer = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    issuer: z.string(),
    authorizationEndpoint: z.string(),
    tokenEndpoint: z.string(),
    jwksUri: z.string(),
  }),
  z.object({
    ok: z.literal(false),
    /** Why the issuer is not usable, for people: unreachable, timeout, not JSON, issuer mismatch, refused. */
    reason: z.string(),
  }),
]);
export type ConsoleIdentityTestAnswer = z.infer<typeof consoleIdentityTestAnswer>;
