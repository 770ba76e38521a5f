import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, parseServices, trustProxyOption } from '../../src/config/env.ts';

describe('environment configuration', () => {
  it('has defaults that run everything locally', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: 'localhost',
      DATA_DIR: '.data',
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty value as not set', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
  });

  it('lists every bad value at once', () => {
    const error = (() => {
      try {
        parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toMatch(/PORT/);
    expect(error?.message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(error?.message).toMatch(/LOG_LEVEL/);
  });

  it('refuses a platform site that is not an http(s) URL (it becomes a link on the 404 page)', () => {
    expect(() => parseEnv({ PLATFORM_SITE_URL: 'javascript:alert(1)' })).toThrow(/PLATFORM_SITE_URL/);
    expect(() => parseEnv({ PLATFORM_SEARCH_URL: 'https://a.example/"><script>' })).toThrow(
      /PLATFORM_SEARCH_URL/,
    );
    expect(parseEnv({ PLATFORM_SITE_URL: 'https://standards.example/' }).PLATFORM_SITE_URL).toBe(
      'https://standards.example/',
    );
  });

  it('reads the previous notification secrets of a rotation as a list, each at least 32 characters', () => {
    expect(parseEnv({}).NOTIFICATIONS_SECRET_PREVIOUS).toBeUndefined();
    const [a, b] = ['a'.repeat(32), 'b'.repeat(40)];
    expect(
      parseEnv({ NOTIFICATIONS_SECRET_PREVIOUS: ` ${a} , ${b},` }).NOTIFICATIONS_SECRET_PREVIOUS,
    ).toEqual([a, b]);
    expect(() => parseEnv({ NOTIFICATIONS_SECRET_PREVIOUS: `${a},short` })).toThrow(
      /NOTIFICATIONS_SECRET_PREVIOUS\.1: each previous secret must have at least 32 characters/,
    );
  });

  it('parses --services and refuses unknown ones', () => {
    expect([...parseServices('web, worker')]).toEqual(['web', 'worker']);
    expect(() => parseServices('web,mailer')).toThrow(/expected some of web, idp, worker/);
    expect(() => parseServices('')).toThrow(EnvError);
  });

  it('reads TRUST_PROXY as a switch or a list of proxies', () => {
    expect(trustProxyOption('false')).toBe(false);
    expect(trustProxyOption('true')).toBe(true);
    expect(trustProxyOption('10.0.0.1, 10.0.0.2')).toEqual(['10.0.0.1', '10.0.0.2']);
  });
});
