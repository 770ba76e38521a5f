import { z } from 'zod';
import { CONSOLE_BASE } from './console-paths.ts';

/*
 * A store's identity signing keys in the console: each key's state in a rotation (next: published in the JWKS,
 * signing from `signsFrom`; current: signing since `signsFrom`; previous: verifying only, until `retiresAt`),
 * and the action that starts a rotation (POST: a next key is published now and signs after the publish-ahead
 * delay). Never any key material.
 */

export const CONSOLE_IDENTITY_KEYS_PATH = `${CONSOLE_BASE}/stores/:code/identity-keys` as const;
export const CONSOLE_IDENTITY_KEY_ROTATION_PATH =
  `${CONSOLE_BASE}/stores/:code/identity-keys/rotation` as const;

export const IDENTITY_KEY_STATES = ['next', 'current', 'previous'] as const;
export type IdentityKeyStateName = (typeof IDENTITY_KEY_STATES)[number];

export const consoleIdentityKey = z.object({
  kid: z.string(),
  state: z.enum(IDENTITY_KEY_STATES),
  /** When the key was published in the JWKS (null: before such times were kept). */
  publishedAt: z.iso.datetime().nullable(),
  /** next: signs from then on; current: signs since then; previous: null. */
  signsFrom: z.iso.datetime().nullable(),
  /** previous: refused from then on (null: only when an operator retires it); others: null. */
  retiresAt: z.iso.datetime().nullable(),
});
export type ConsoleIdentityKey = z.infer<typeof consoleIdentityKey>;

export const consoleIdentityKeys = z.object({
  /** Next, current, previous; empty before the store's identity provider first ran. */
  keys: z.array(consoleIdentityKey),
  /** Days between automatic rotations (0: none). */
  rotationDays: z.number().int().min(0),
  /** Seconds a new key is published before it signs. */
  publishAheadSeconds: z.number().int().min(0),
  /** When the schedule next publishes a key (null: off, or a rotation is under way). */
  nextRotationAt: z.iso.datetime().nullable(),
});
export type ConsoleIdentityKeys = z.infer<typeof consoleIdentityKeys>;
