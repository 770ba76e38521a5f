import { describe, expect, it } from 'vitest';
import { loginName, loginProblem } from '../src/login-name.ts';

/** The one login rule of the Users API and registration: NFKC form, no look-alikes. */
describe('a login that cannot pass for another', () => {
  it.each([
    ['john@x.test', 'john@x.test'],
    ['ｊｏｈｎ@x.test', 'john@x.test'], // full-width letters are the ASCII ones
    ['e\u0301@x.test', 'é@x.test'], // a combining accent is composed
    ['иван@пример.рф', 'иван@пример.рф'],
    ['ivan@пример.com', 'ivan@пример.com'], // one script per part
    ['山田@例え.jp', '山田@例え.jp'],
  ])('takes %s as %s', (input, login) => {
    expect(loginName.parse(input)).toBe(login);
  });

  it.each([
    ['a Cyrillic е among Latin letters', 'j\u0435nny@x.test', /mix letters/],
    ['a Greek ο in a domain label', 'jenny@g\u03bfogle.com', /mix letters/],
    ['a zero-width space', 'jen\u200bny@x.test', /invisible/],
    ['a zero-width joiner', 'jen\u200dny@x.test', /invisible/],
    ['a soft hyphen', 'jen\u00adny@x.test', /invisible/],
    ['a right-to-left override', '\u202ejenny@x.test', /invisible/],
    ['a trailing dot', 'jenny@x.test.', /empty domain label/],
    ['a doubled dot', 'jenny@x..test', /empty domain label/],
  ])('refuses %s', (_what, input, reason) => {
    const result = loginName.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' ')).toMatch(reason);
  });

  it('answers no problem for a plain address', () => {
    expect(loginProblem('jenny@example.test')).toBeUndefined();
  });
});
