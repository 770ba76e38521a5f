import { BUILT_IN_SECRETS } from './default-secrets.ts';
import type { Env } from './env.ts';

/**
 * Production mode: when NODE_ENV is `production`, or the stores' public URLs are https (a deployment
 * behind TLS, whatever NODE_ENV says), the server refuses to start with a setting left at its development
 * value: a built-in default secret, the local mail sink and its inbox, the demo accounts, or outgoing
 * requests allowed to private addresses. `npm start` with no configuration is development and unaffected.
 * One message names every setting to change, so an operator fixes them all in one go.
 */

type Checked = Pick<
  Env,
  | 'NODE_ENV'
  | 'PUBLIC_URL_TEMPLATE'
  | 'NOTIFICATIONS_SECRET'
  | 'NOTIFICATIONS_SECRET_PREVIOUS'
  | 'SMTP_URL'
  | 'SEED_DEMO'
  | 'WEBHOOKS_ALLOW_PRIVATE'
  | 'CONSOLE_OUTBOUND_ALLOW_PRIVATE'
>;

/** Why production rules apply to this configuration (said in the refusal), or undefined in development. */
export function productionModeReason(
  config: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL_TEMPLATE'>,
): string | undefined {
  if (config.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (config.PUBLIC_URL_TEMPLATE.startsWith('https://'))
    return `PUBLIC_URL_TEMPLATE=${config.PUBLIC_URL_TEMPLATE}`;
  return undefined;
}

/** Each setting production refuses, as "NAME: what is wrong; what to set"; empty in development or when ready. */
export function productionProblems(config: Checked): string[] {
  if (!productionModeReason(config)) return [];
  const devSecret = BUILT_IN_SECRETS.NOTIFICATIONS_SECRET;
  const problems: string[] = [];
  if (config.NOTIFICATIONS_SECRET === devSecret)
    problems.push(
      'NOTIFICATIONS_SECRET: is the built-in development default, so anyone can forge unsubscribe links, feed ' +
        'URLs and message views; set a random secret of at least 32 characters (`openssl rand -base64 48`)',
    );
  if (config.NOTIFICATIONS_SECRET_PREVIOUS?.includes(devSecret))
    problems.push(
      'NOTIFICATIONS_SECRET_PREVIOUS: lists the built-in development default, which would still accept ' +
        'forged links; remove it from the list',
    );
  if (!config.SMTP_URL)
    problems.push(
      'SMTP_URL: unset, so e-mail goes to the local SMTP sink and the dev mail inbox (/_dev/mail) shows every ' +
        'reset and sign-in link; set your relay (smtp://user:pass@host:587 or smtps://…)',
    );
  if (config.SEED_DEMO)
    problems.push(
      'SEED_DEMO: true (the default) creates the demo stores with accounts whose password is published; ' +
        'set SEED_DEMO=false',
    );
  if (config.WEBHOOKS_ALLOW_PRIVATE)
    problems.push(
      'WEBHOOKS_ALLOW_PRIVATE: true lets webhooks reach private and loopback addresses over http ' +
        '(server-side request forgery); remove it or set false',
    );
  if (config.CONSOLE_OUTBOUND_ALLOW_PRIVATE)
    problems.push(
      "CONSOLE_OUTBOUND_ALLOW_PRIVATE: true lets the console's outgoing requests reach private and loopback " +
        'addresses over http (server-side request forgery); remove it or set false',
    );
  return problems;
}

export class ProductionConfigError extends Error {
  constructor(reason: string, problems: string[]) {
    const list = problems.map((p) => `  - ${p}`).join('\n');
    const count = problems.length === 1 ? 'a development setting' : `${problems.length} development settings`;
    super(`production mode (${reason}) refuses ${count}; change each of these:\n${list}`);
    this.name = 'ProductionConfigError';
  }
}

/** Throws one ProductionConfigError naming every problem; returns when there is none (or in development). */
export function assertProductionReady(config: Checked): void {
  const problems = productionProblems(config);
  const reason = productionModeReason(config);
  if (reason && problems.length > 0) throw new ProductionConfigError(reason, problems);
}
