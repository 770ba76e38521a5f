import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userInfo } from '../src/identity.ts';
import { readUserInfo } from '../src/user-info.ts';

/** What the reader answers: the value, or that it refused. */
function verdict(body: unknown) {
  try {
    return { ok: true, value: readUserInfo(body) };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

const uuid = fc.oneof(
  fc.uuid(),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  // Close to a UUID: the wrong version or variant digit, upper case, a character short, free text.
  fc.uuid().map((id) => `${id.slice(0, 14)}0${id.slice(15)}`),
  fc.uuid().map((id) => `${id.slice(0, 19)}c${id.slice(20)}`),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => id.slice(1)),
  fc.string(),
);
const anyValue = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.boolean(), fc.constant(undefined));
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: anyValue });
const body = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        MAEUserID: field(uuid),
        MAETenantID: field(uuid),
        userType: field(fc.constantFrom('subscriber', 'subscriber company', '')),
        firstName: field(fc.string()),
        lastName: field(fc.string()),
        login: field(fc.emailAddress()),
        locale: field(fc.option(fc.constantFrom('en', 'ar', 'es_ES'))),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.oneof(anyValue, fc.array(fc.string()), fc.constant({})) },
);

describe('readUserInfo (the user info read without Zod)', () => {
  it('gives the same verdict and value as the schema the server answers with, on every value', () => {
    fc.assert(
      fc.property(body, (value) => {
        const parsed = userInfo.safeParse(value);
        const read = verdict(value);
        expect(read.ok).toBe(parsed.success);
        if (parsed.success) expect(read.value).toEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the field that is wrong', () => {
    const good = {
      MAEUserID: '73a301bf-c868-4459-8ea9-d2343dd9534f',
      MAETenantID: '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8',
      userType: 'subscriber',
      firstName: 'Ana',
      lastName: 'García',
      login: 'ana@example.com',
      locale: null,
    };
    expect(readUserInfo({ ...good, other: 1 })).toEqual(good);
    expect(() => readUserInfo({ ...good, MAEUserID: 'me' })).toThrow('MAEUserID must be a UUID');
    expect(() => readUserInfo({ ...good, lastName: undefined })).toThrow('lastName must be a string');
    expect(() => readUserInfo({ ...good, locale: 3 })).toThrow('locale must be a string or null');
    expect(() => readUserInfo([good])).toThrow('expected an object');
  });
});
