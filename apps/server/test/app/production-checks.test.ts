import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import {
  assertProductionReady,
  ProductionConfigError,
  productionModeReason,
  productionProblems,
} from '../../src/config/production-checks.ts';

/** A production deployment with every setting production requires set to its own value. */
const READY = {
  NODE_ENV: 'production',
  NOTIFICATIONS_SECRET: 'a-production-secret-of-forty-characters!!',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
  SEED_DEMO: 'false',
  PUBLIC_URL_TEMPLATE: 'https://{host}',
};
const DEFAULT_SECRET = 'trackwell-local-development-unsubscribe-secret';
const settingsNamed = (env: Record<string, string>) =>
  productionProblems(parseEnv(env)).map((p) => p.slice(0, p.indexOf(':')));

describe('production checks (pure)', () => {
  it('find nothing wrong with a fully configured production deployment', () => {
    expect(productionProblems(parseEnv(READY))).toEqual([]);
    expect(() => assertProductionReady(parseEnv(READY))).not.toThrow();
  });

  it('leave development alone: the defaults of `npm start`, and NODE_ENV=test or development', () => {
    expect(productionModeReason(parseEnv({}))).toBeUndefined();
    expect(productionProblems(parseEnv({}))).toEqual([]);
    expect(productionProblems(parseEnv({ NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: 'true' }))).toEqual(
      [],
    );
    expect(() => assertProductionReady(parseEnv({ NODE_ENV: 'test' }))).not.toThrow();
  });

  it('apply with NODE_ENV=production, or with https public URLs whatever NODE_ENV says', () => {
    expect(productionModeReason(parseEnv({ NODE_ENV: 'production' }))).toBe('NODE_ENV=production');
    const https = parseEnv({ PUBLIC_URL_TEMPLATE: 'https://{host}' });
    expect(productionModeReason(https)).toBe('PUBLIC_URL_TEMPLATE=https://{host}');
    expect(settingsNamed({ PUBLIC_URL_TEMPLATE: 'https://{host}' })).toEqual([
      'NOTIFICATIONS_SECRET',
      'SMTP_URL',
      'SEED_DEMO',
    ]);
    expect(settingsNamed({ ...READY, NODE_ENV: '', PUBLIC_URL_TEMPLATE: 'https://{host}' })).toEqual([]);
    expect(productionModeReason(parseEnv({ PUBLIC_URL_TEMPLATE: 'http://{host}:{port}' }))).toBeUndefined();
  });

  it('refuse the built-in NOTIFICATIONS_SECRET, whether left unset or written out', () => {
    const { NOTIFICATIONS_SECRET: _, ...unset } = READY;
    expect(settingsNamed(unset)).toEqual(['NOTIFICATIONS_SECRET']);
    expect(settingsNamed({ ...READY, NOTIFICATIONS_SECRET: DEFAULT_SECRET })).toEqual([
      'NOTIFICATIONS_SECRET',
    ]);
  });

  it('refuse the built-in secret kept as a previous one during a rotation, not a genuine previous one', () => {
    const previous = `${'o'.repeat(40)},${DEFAULT_SECRET}`;
    expect(settingsNamed({ ...READY, NOTIFICATIONS_SECRET_PREVIOUS: previous })).toEqual([
      'NOTIFICATIONS_SECRET_PREVIOUS',
    ]);
    expect(settingsNamed({ ...READY, NOTIFICATIONS_SECRET_PREVIOUS: 'o'.repeat(40) })).toEqual([]);
  });

  it('refuse the local SMTP sink and its inbox (no SMTP_URL), and the demo seed', () => {
    const { SMTP_URL: _, ...noRelay } = READY;
    expect(settingsNamed(noRelay)).toEqual(['SMTP_URL']);
    expect(productionProblems(parseEnv(noRelay))[0]).toContain('/_dev/mail');
    expect(settingsNamed({ ...READY, SEED_DEMO: 'true' })).toEqual(['SEED_DEMO']);
    const { SEED_DEMO: __, ...seedDefault } = READY;
    expect(settingsNamed(seedDefault)).toEqual(['SEED_DEMO']);
  });

  it('refuse outgoing requests allowed to private addresses (webhooks, console)', () => {
    expect(settingsNamed({ ...READY, WEBHOOKS_ALLOW_PRIVATE: 'true' })).toEqual(['WEBHOOKS_ALLOW_PRIVATE']);
    expect(settingsNamed({ ...READY, CONSOLE_OUTBOUND_ALLOW_PRIVATE: 'yes' })).toEqual([
      'CONSOLE_OUTBOUND_ALLOW_PRIVATE',
    ]);
    expect(
      settingsNamed({ ...READY, WEBHOOKS_ALLOW_PRIVATE: 'false', CONSOLE_OUTBOUND_ALLOW_PRIVATE: '0' }),
    ).toEqual([]);
  });

  it('name every setting to change in one error, each on its own line', () => {
    const all = {
      NODE_ENV: 'production',
      NOTIFICATIONS_SECRET_PREVIOUS: DEFAULT_SECRET,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      CONSOLE_OUTBOUND_ALLOW_PRIVATE: 'true',
    };
    const error = (() => {
      try {
        assertProductionReady(parseEnv(all));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ProductionConfigError);
    expect(error?.message).toMatch(/^production mode \(NODE_ENV=production\) refuses 6 development settings/);
    const names = ['NOTIFICATIONS_SECRET', 'NOTIFICATIONS_SECRET_PREVIOUS', 'SMTP_URL', 'SEED_DEMO'];
    for (const name of [...names, 'WEBHOOKS_ALLOW_PRIVATE', 'CONSOLE_OUTBOUND_ALLOW_PRIVATE'])
      expect(error?.message).toMatch(new RegExp(`^  - ${name}: `, 'm'));
  });
});
