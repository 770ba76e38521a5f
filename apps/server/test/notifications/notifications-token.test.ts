import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTransientSmtpError } from '../../src/modules/notifications/transport.ts';
import {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../../src/modules/notifications/unsubscribe-token.ts';

const SECRET = 'x'.repeat(40);

describe('one-click unsubscribe tokens', () => {
  it('verify for the same tenant until they expire, and never when altered or for another tenant', () => {
    const tenant = randomUUID();
    const user = randomUUID();
    const token = signUnsubscribeToken(SECRET, tenant, user, new Date(Date.now() + 60_000));
    expect(verifyUnsubscribeToken([SECRET], tenant, token)).toBe(user);
    expect(verifyUnsubscribeToken([SECRET], randomUUID(), token)).toBeUndefined();
    expect(verifyUnsubscribeToken([`${SECRET}y`], tenant, token)).toBeUndefined();
    expect(verifyUnsubscribeToken([SECRET], tenant, token, new Date(Date.now() + 120_000))).toBeUndefined();
    const other = randomUUID();
    expect(verifyUnsubscribeToken([SECRET], tenant, token.replace(user, other))).toBeUndefined();
    expect(verifyUnsubscribeToken([SECRET], tenant, 'garbage')).toBeUndefined();
  });
});

describe('one-click unsubscribe tokens across a secret rotation', () => {
  it('verify under the previous secret while it is listed, under the current one always, under neither never', () => {
    const [tenant, user] = [randomUUID(), randomUUID()];
    const expires = new Date(Date.now() + 60_000);
    const previous = 'p'.repeat(40);
    const oldLink = signUnsubscribeToken(previous, tenant, user, expires);
    const newLink = signUnsubscribeToken(SECRET, tenant, user, expires);
    expect(verifyUnsubscribeToken([SECRET, previous], tenant, oldLink)).toBe(user);
    expect(verifyUnsubscribeToken([SECRET, previous], tenant, newLink)).toBe(user);
    expect(verifyUnsubscribeToken([SECRET], tenant, oldLink)).toBeUndefined();
    expect(
      verifyUnsubscribeToken(
        [SECRET, previous],
        tenant,
        signUnsubscribeToken('f'.repeat(40), tenant, user, expires),
      ),
    ).toBeUndefined();
  });
});

describe('SMTP failure classes', () => {
  it('retries 4xx and connection errors, not 5xx', () => {
    expect(isTransientSmtpError({ responseCode: 451 })).toBe(true);
    expect(isTransientSmtpError({ responseCode: 421 })).toBe(true);
    expect(isTransientSmtpError({ code: 'ECONNECTION' })).toBe(true);
    expect(isTransientSmtpError({ responseCode: 550 })).toBe(false);
    expect(isTransientSmtpError({ responseCode: 554 })).toBe(false);
  });
});
