import { z } from 'zod';
import type { MyAccountScope } from './identity.ts';

/**
 * Passkeys in the account area, through the MyAccount API (`okta.myAccount.webauthn.*`): ask
 * for registration options (a single-use challenge), register the authenticator's answer, list, rename and
 * remove. The relying party (its id and origin) is the store's configured host, never the request's.
 */

export const WEBAUTHN_READ = [
  'okta.myAccount.webauthn.read',
  'okta.myAccount.webauthn.manage',
] as const satisfies readonly MyAccountScope[];
export const WEBAUTHN_MANAGE = [
  'okta.myAccount.webauthn.manage',
] as const satisfies readonly MyAccountScope[];

/** How long a registration or sign-in challenge may be answered. */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;

/** The longest passkey name; a longer one is refused naming `name`. */
export const PASSKEY_NAME_MAX = 100;

/** Why a passkey's name is refused (the server answers 400 naming `name`; the portal says it first), or null. */
export function passkeyNameProblem(raw: string): 'required' | 'tooLong' | 'control' | null {
  const name = raw.trim();
  if (!name) return 'required';
  if (name.length > PASSKEY_NAME_MAX) return 'tooLong';
  return [...name].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20 || ch.codePointAt(0) === 0x7f)
    ? 'control'
    : null;
}

const field = (description: string, type = 'string') => z.unknown().optional().meta({ type, description });

export const passkeyRegisterBody = z
  .object({
    credential: field('The authenticator’s answer (`RegistrationResponseJSON`, WebAuthn Level 3).', 'object'),
    name: field(`A name for the passkey (1–${PASSKEY_NAME_MAX} characters; "Passkey" when absent).`),
  })
  .nullish();
export const passkeyRenameBody = z.object({ name: field('The new name.') }).nullish();
export const passkeyParams = z.object({ id: z.string().meta({ description: 'The passkey’s id.' }) });

const link = z.object({ href: z.string(), hints: z.object({ allow: z.array(z.string()) }).optional() });

export const myAccountPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  _links: z.object({ self: link }),
});
export type MyAccountPasskey = z.infer<typeof myAccountPasskey>;

/** `options` is `PublicKeyCredentialCreationOptionsJSON`, handed to the browser unchanged. */
export const passkeyRegistrationOptions = z.object({
  options: z.looseObject({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
  }),
  expiresAt: z.string(),
  _links: z.object({ enroll: link }),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptions>;

/** `base` is the store's origin + MYACCOUNT_BASE. */
export function presentPasskey(
  base: string,
  p: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null },
): MyAccountPasskey {
  return {
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    _links: { self: { href: `${base}/webauthn/${p.id}`, hints: { allow: ['GET', 'PUT', 'DELETE'] } } },
  };
}
