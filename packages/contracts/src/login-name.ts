import { safeText } from './safe-values.ts';

/**
 * A login (an e-mail address) that cannot pass for another one, for the Users API and self-registration
 * alike: taken in Unicode NFKC form (full-width `ｊｏｈｎ` is `john`, so it meets the account it imitates), and
 * refused when it holds an invisible character (zero-width space, joiner, bidi mark, soft hyphen…), mixes
 * scripts within one part (a Cyrillic `е` among Latin letters), or has an empty domain label (a trailing dot).
 */

export const LOGIN_MAX_LENGTH = 100;

// Default_Ignorable_Code_Point: zero-width characters, joiners, bidi marks, soft hyphen, Hangul fillers…
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Z}]/u;

/** Scripts a letter may belong to; Han, Hiragana, Katakana and Hangul count as one (Japanese, Korean mix them). */
const SCRIPT_GROUPS: Array<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
];

const scriptOf = (letter: string) => SCRIPT_GROUPS.find(([, re]) => re.test(letter))?.[0] ?? letter;

/** The scripts of the letters of one part (a dot-, plus-, hyphen- or underscore-separated run). */
const scriptsOf = (part: string) => new Set([...part].filter((c) => /\p{L}/u.test(c)).map(scriptOf));

/** Why this (NFKC-normalised) login is refused, or undefined when it is not. */
export function loginProblem(login: string): string | undefined {
  if (INVISIBLE.test(login)) return 'must not contain invisible characters or spaces';
  const at = login.lastIndexOf('@');
  const domain = login.slice(at + 1);
  if (domain.split('.').some((label) => label === ''))
    return 'must not have an empty domain label (a leading, doubled or trailing dot)';
  if (login.split(/[@.+_-]/).some((part) => scriptsOf(part).size > 1))
    return 'must not mix letters of different scripts in one part (look-alike letters)';
  return undefined;
}

/** A login in its NFKC form, an e-mail address held to `loginProblem`. */
export const loginName = safeText(LOGIN_MAX_LENGTH)
  .overwrite((s) => s.normalize('NFKC'))
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address')
  .superRefine((s, ctx) => {
    const problem = loginProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The same, as the registration's `email` (which becomes the login): a dot-separated domain too. */
export const registrationLoginName = loginName.regex(
  /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\]+$/,
  'must be an e-mail address',
);
