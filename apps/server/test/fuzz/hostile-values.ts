import fc from 'fast-check';

/**
 * The fuzzer's hostile values: SQL-ish and special strings, 1 MB strings, control and bidi characters, NUL,
 * lone surrogates, huge/negative/NaN numbers, `__proto__`/`constructor` keys, deep nesting, bad
 * percent-encodings, and the generic field names tried on routes without a schema.
 */

// SQL-ish inputs (none has the shape of a real statement, so an answer echoing one is not mistaken for leaked SQL).
export const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) OR pg_sleep(5)--',
  '" UNION SELECT NULL--',
  "$$; COPY x TO PROGRAM 'id'; --",
  "E'\\\\000'",
  '\\x00',
];
export const SPECIAL = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200B\u200F\u061C',
  '\u2028\u2029',
  '\u0007\u001b[31m\u007f',
  '\r\nSet-Cookie: x=1',
  'Ω≈ç√ مرحبا 你好',
  '🙂\u{10FFFF}',
  '%00',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  ' ',
  '',
  'true',
  '[]',
  '{}',
];
export const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Any UTF-16 code unit, surrogates and control characters included. */
export const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: fc.constantFrom(...SQLISH, ...SPECIAL) },
  { weight: 30, arbitrary: fc.string({ unit: codeUnit, maxLength: 24 }) },
  { weight: 20, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 10, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1000, max: 70_000 }).map((n) => 'a'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);
export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 0.5, 1e21),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    '\u0000',
    '\uD800',
  ),
  fc.string({ maxLength: 8 }),
);
/** Any JSON value, hostile at every level. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Field names the schema-less routes read (identity, OIDC, forms) plus the spec's own. */
export const GENERIC_KEYS = [
  'username',
  'password',
  'stateToken',
  'factorType',
  'provider',
  'passCode',
  'answer',
  'recoveryToken',
  'newPassword',
  'oldPassword',
  'relayState',
  'profile',
  'email',
  'role',
  'verificationCode',
  'method',
  'decision',
  'client_id',
  'client_secret',
  'code',
  'code_verifier',
  'grant_type',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'token',
  'token_type_hint',
  'sessionToken',
  'redirectUrl',
  'id_token_hint',
  'post_logout_redirect_uri',
  'userId',
  'assetId',
  'contentCode',
  'q',
  'to',
  't',
  'events',
  'id',
];

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD, as in any real URL). */
export const pct = (s: string) => {
  if (s.isWellFormed()) return encodeURIComponent(s);
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
};
/** Raw fragments that are not valid percent-encoding or not valid UTF-8 once decoded. */
export const BAD_ENCODINGS = ['%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF%FE', '%2', '%%'];
