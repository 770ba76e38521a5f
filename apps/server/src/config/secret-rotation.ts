import type { Env } from './env.ts';

/**
 * Secret rotation: what the server signs with, and what it still accepts. New links are signed with the
 * current secret only; a link is genuine when one of these verifies it: the current secret first, then each
 * previous one, until the operator removes it from the configuration (docs/configuration.md#rotating-a-secret
 * says why the window is "until you remove it" and how long to keep it).
 */

/** The secrets a notification link (unsubscribe, follow a successor, feed URL, message view) may be signed with. */
export const notificationSecrets = (
  env: Pick<Env, 'NOTIFICATIONS_SECRET' | 'NOTIFICATIONS_SECRET_PREVIOUS'>,
): readonly string[] => [env.NOTIFICATIONS_SECRET, ...(env.NOTIFICATIONS_SECRET_PREVIOUS ?? [])];
