import { describe, expect, it } from 'vitest';
import { parseUserFilter, UserFilterError } from '../src/okta-users-filter.ts';

/** Okta's filter/search grammar as the Users API keeps it: the trees, and what is refused. */
describe('parseUserFilter', () => {
  it('reads conditions, and/or (and binds tighter), parentheses, escapes and case-insensitive keywords', () => {
    expect(parseUserFilter('status eq "active"', 'filter')).toEqual({
      kind: 'cond',
      attr: 'status',
      op: 'eq',
      value: 'ACTIVE',
    });
    expect(
      parseUserFilter(
        'status EQ "ACTIVE" or profile.email eq "a@b" AND profile.lastName eq "x\\"y"',
        'filter',
      ),
    ).toEqual({
      kind: 'or',
      items: [
        { kind: 'cond', attr: 'status', op: 'eq', value: 'ACTIVE' },
        {
          kind: 'and',
          items: [
            { kind: 'cond', attr: 'profile.email', op: 'eq', value: 'a@b' },
            { kind: 'cond', attr: 'profile.lastName', op: 'eq', value: 'x"y' },
          ],
        },
      ],
    });
    expect(
      parseUserFilter('(profile.login sw "a" or profile.login co "b") and created gt "2026-01-01"', 'search'),
    ).toMatchObject({
      kind: 'and',
      items: [{ kind: 'or' }, { kind: 'cond', attr: 'created', op: 'gt' }],
    });
  });

  it.each([
    ['', 'empty'],
    ['status eq ACTIVE', 'quoted value'],
    ['status eq "BOGUS"', 'no user status'],
    ['password eq "x"', 'unsupported attribute'],
    ['profile.email sw "a"', 'operator'],
    ['status eq "ACTIVE" and', 'unsupported attribute'],
    ['(status eq "ACTIVE"', '")" expected'],
    ['status eq "ACTIVE")', 'unexpected'],
    ['"open', 'unterminated'],
    ['created gt "soon"', 'no date'],
    ['status eq "ACTIVE"; drop', 'unexpected ";"'],
    [`${'('.repeat(6)}status eq "ACTIVE"${')'.repeat(6)}`, 'nested'],
    [Array.from({ length: 21 }, () => 'status eq "ACTIVE"').join(' or '), 'at most 20'],
  ])('refuses %j (%s)', (input, message) => {
    expect(() => parseUserFilter(input, 'filter')).toThrow(UserFilterError);
    expect(() => parseUserFilter(input, 'filter')).toThrow(message);
  });
});
