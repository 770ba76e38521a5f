import { OKTA_USER_STATUSES } from './okta-users.ts';

/**
 * The `filter` and `search` expressions of GET /api/v1/users (Okta's grammar, the subset kept here):
 *   expr := term ("or" term)* ; term := factor ("and" factor)* ; factor := "(" expr ")" | attr op "value"
 * attributes: id, status, created, lastUpdated, profile.login, profile.email, profile.firstName,
 * profile.lastName; operators: eq (every attribute), gt ge lt le (created, lastUpdated), and in `search`
 * only sw and co (the profile's four). Operators and `and`/`or` are case-insensitive, values are quoted with
 * `\"` escapes. Anything else is refused with a message naming where (the API answers 400 E0000031).
 * Framework-free: the repository turns the tree into parameterised SQL.
 */

export const USER_FILTER_ATTRIBUTES = [
  'id',
  'status',
  'created',
  'lastUpdated',
  'profile.login',
  'profile.email',
  'profile.firstName',
  'profile.lastName',
] as const;
export type UserFilterAttribute = (typeof USER_FILTER_ATTRIBUTES)[number];
export type UserFilterOperator = 'eq' | 'sw' | 'co' | 'gt' | 'ge' | 'lt' | 'le';

export type UserFilter =
  | { kind: 'and' | 'or'; items: UserFilter[] }
  | { kind: 'cond'; attr: UserFilterAttribute; op: UserFilterOperator; value: string };

export class UserFilterError extends Error {}

const MAX_CONDITIONS = 20;
const MAX_DEPTH = 5;
const DATE_ATTRIBUTES = new Set<string>(['created', 'lastUpdated']);
const TEXT_ATTRIBUTES = new Set<string>([
  'profile.login',
  'profile.email',
  'profile.firstName',
  'profile.lastName',
]);

type Token = { type: 'word' | 'string' | '(' | ')'; text: string; at: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (c === ' ' || c === '\t') i++;
    else if (c === '(' || c === ')') tokens.push({ type: c, text: c, at: i++ });
    else if (c === '"') {
      let value = '';
      const at = i++;
      while (i < input.length && input[i] !== '"') {
        if (input[i] === '\\') i++; // \" and \\ stand for the character after the backslash
        value += input[i++] ?? '';
      }
      if (i++ >= input.length) throw new UserFilterError(`unterminated string at ${at}`);
      tokens.push({ type: 'string', text: value, at });
    } else {
      const m = /^[A-Za-z][A-Za-z0-9_.]*/.exec(input.slice(i));
      if (!m) throw new UserFilterError(`unexpected "${c}" at ${i}`);
      tokens.push({ type: 'word', text: m[0], at: i });
      i += m[0].length;
    }
  }
  return tokens;
}

/** Parses a filter (`mode: 'filter'`) or search expression into its tree, or throws UserFilterError. */
export function parseUserFilter(input: string, mode: 'filter' | 'search'): UserFilter {
  const tokens = tokenize(input);
  let pos = 0;
  let conditions = 0;
  const peekWord = () => (tokens[pos]?.type === 'word' ? tokens[pos]!.text.toLowerCase() : undefined);
  const where = () => (tokens[pos] ? `at ${tokens[pos]!.at}` : 'at the end');

  const list = (kind: 'and' | 'or', next: () => UserFilter): UserFilter => {
    const items = [next()];
    while (peekWord() === kind) {
      pos++;
      items.push(next());
    }
    return items.length === 1 ? items[0]! : { kind, items };
  };
  const expr = (depth: number): UserFilter => list('or', () => list('and', () => factor(depth)));
  const factor = (depth: number): UserFilter => {
    if (tokens[pos]?.type === '(') {
      if (depth >= MAX_DEPTH) throw new UserFilterError('too many nested parentheses');
      pos++;
      const inner = expr(depth + 1);
      if (tokens[pos]?.type !== ')') throw new UserFilterError(`")" expected ${where()}`);
      pos++;
      return inner;
    }
    if (++conditions > MAX_CONDITIONS) throw new UserFilterError(`at most ${MAX_CONDITIONS} conditions`);
    return condition(tokens[pos++], tokens[pos++], tokens[pos++], mode);
  };

  if (tokens.length === 0) throw new UserFilterError('empty expression');
  const tree = expr(0);
  if (pos < tokens.length) throw new UserFilterError(`unexpected "${tokens[pos]!.text}" ${where()}`);
  return tree;
}

function condition(
  attr?: Token,
  op?: Token,
  value?: Token,
  mode: 'filter' | 'search' = 'filter',
): UserFilter {
  if (attr?.type !== 'word' || !(USER_FILTER_ATTRIBUTES as readonly string[]).includes(attr.text))
    throw new UserFilterError(
      `unsupported attribute ${attr ? `"${attr.text}" at ${attr.at}` : 'at the end'}`,
    );
  const name = attr.text as UserFilterAttribute;
  const operator = op?.type === 'word' ? op.text.toLowerCase() : '';
  if (!allowedOperators(name, mode).includes(operator))
    throw new UserFilterError(`operator "${op?.text ?? ''}" is not supported for ${name} in a ${mode}`);
  if (value?.type !== 'string')
    throw new UserFilterError(`a quoted value is expected after ${name} ${operator}`);
  if (name === 'status' && !(OKTA_USER_STATUSES as readonly string[]).includes(value.text.toUpperCase()))
    throw new UserFilterError(`"${value.text}" is no user status`);
  if (DATE_ATTRIBUTES.has(name) && Number.isNaN(Date.parse(value.text)))
    throw new UserFilterError(`"${value.text}" is no date`);
  const text = name === 'status' ? value.text.toUpperCase() : value.text;
  return { kind: 'cond', attr: name, op: operator as UserFilterOperator, value: text };
}

function allowedOperators(attr: UserFilterAttribute, mode: 'filter' | 'search'): string[] {
  if (DATE_ATTRIBUTES.has(attr)) return ['eq', 'gt', 'ge', 'lt', 'le'];
  if (mode === 'search' && TEXT_ATTRIBUTES.has(attr)) return ['eq', 'sw', 'co'];
  return ['eq'];
}
