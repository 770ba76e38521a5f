/**
 * Secrets that have a built-in value so that `npm start` works with no configuration. Each built-in value is
 * public (it is in this repository): a server that keeps one lets anyone sign what that secret signs. This
 * list is the one place that knows them: `env.ts` takes its defaults from it, the start-up warning
 * (`defaultSecretsWarning`) and a production-mode refusal read it.
 */
export const BUILT_IN_SECRETS = {
  /** Signs feed URLs, unsubscribe and follow-a-successor links, and the console's view of a sent e-mail. */
  NOTIFICATIONS_SECRET: 'trackwell-local-development-unsubscribe-secret',
} as const;

export type SecretSetting = keyof typeof BUILT_IN_SECRETS;

/** The settings that still hold their built-in value, in the list's order (none: []). */
export function defaultSecretsInUse(env: Readonly<Record<SecretSetting, string>>): SecretSetting[] {
  return (Object.keys(BUILT_IN_SECRETS) as SecretSetting[]).filter((k) => env[k] === BUILT_IN_SECRETS[k]);
}

/** The start-up warning for those settings, or undefined when every secret was set. */
export function defaultSecretsWarning(env: Readonly<Record<SecretSetting, string>>): string | undefined {
  const names = defaultSecretsInUse(env);
  if (names.length === 0) return undefined;
  return (
    `SECURITY: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} the built-in development default, ` +
    'which is public: anyone can forge feed URLs, unsubscribe links and the console’s message view. ' +
    'Set a random value of at least 32 characters (e.g. `openssl rand -base64 48`) before serving real users.'
  );
}
