import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('auditDiff', () => {
  it('opens nested objects down to the values that changed', () => {
    const before = { 'theme.colors': { primary: '#3346c4', text: '#1c2033' }, name: 'Acme' };
    const after = { 'theme.colors': { primary: '#7a1f5c', text: '#1c2033' }, name: 'Acme' };
    expect(auditDiff(before, after)).toEqual([
      { field: 'theme.colors.primary', before: '#3346c4', after: '#7a1f5c' },
    ]);
  });

  it('names added and removed fields, keeps arrays and scalars whole', () => {
    expect(
      auditDiff({ hosts: ['a.example'], gone: 1 }, { hosts: ['a.example', 'b.example'], added: true }),
    ).toEqual([
      { field: 'hosts', before: '["a.example"]', after: '["a.example","b.example"]' },
      { field: 'gone', before: '1', after: undefined },
      { field: 'added', before: undefined, after: 'true' },
    ]);
    expect(auditDiff(null, { code: 'acme' })).toEqual([{ field: 'code', before: undefined, after: 'acme' }]);
    expect(auditDiff('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
    expect(auditDiff(null, undefined)).toEqual([]);
  });

  it('shows a whole object that replaces a value', () => {
    expect(auditDiff({ identity: null }, { identity: { kind: 'embedded' } })).toEqual([
      { field: 'identity', before: 'null', after: '{"kind":"embedded"}' },
    ]);
  });
});
