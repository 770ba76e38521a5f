import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('auditDiff: before → after as a list of changed fields, never raw JSON', () => {
  it('opens nested objects down to the values that changed', () => {
    const before = { 'theme.colors': { primary: '#3346c4', text: '#1c2033' }, name: 'Acme' };
    const after = { 'theme.colors': { primary: '#7a1f5c', text: '#1c2033' }, name: 'Acme' };
    expect(auditDiff(before, after)).toEqual([
      { field: 'theme.colors.primary', before: '#3346c4', after: '#7a1f5c' },
    ]);
  });

  it('names added and removed fields; a list of plain values reads as a list', () => {
    expect(
      auditDiff({ hosts: ['a.example'], gone: 1 }, { hosts: ['a.example', 'b.example'], added: true }),
    ).toEqual([
      { field: 'hosts', before: 'a.example', after: 'a.example, b.example' },
      { field: 'gone', before: '1', after: undefined },
      { field: 'added', before: undefined, after: 'true' },
    ]);
    expect(auditDiff({ hosts: [] }, { hosts: ['a.example'] })).toEqual([
      { field: 'hosts', before: '—', after: 'a.example' },
    ]);
    expect(auditDiff(null, { code: 'acme' })).toEqual([{ field: 'code', before: undefined, after: 'acme' }]);
    expect(auditDiff('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b' }]);
    expect(auditDiff(null, undefined)).toEqual([]);
  });

  it("opens an object that replaces an empty value into its fields (an import's totals)", () => {
    expect(auditDiff({ identity: null }, { identity: { kind: 'embedded' } })).toEqual([
      { field: 'identity.kind', before: undefined, after: 'embedded' },
    ]);
    const lines = auditDiff(null, { file: 'acme.csv', totals: { created: 50, updated: 3, errors: 0 } });
    expect(lines).toEqual([
      { field: 'file', before: undefined, after: 'acme.csv' },
      { field: 'totals.created', before: undefined, after: '50' },
      { field: 'totals.updated', before: undefined, after: '3' },
      { field: 'totals.errors', before: undefined, after: '0' },
    ]);
    expect(lines.some((l) => /[{}[\]"]/.test(`${l.before ?? ''}${l.after ?? ''}`))).toBe(false);
  });

  it('opens a list of records item by item, counted from 1', () => {
    expect(
      auditDiff({ rows: [{ code: 'A', area: '13' }] }, { rows: [{ code: 'A', area: '17' }, { code: 'B' }] }),
    ).toEqual([
      { field: 'rows.1.area', before: '13', after: '17' },
      { field: 'rows.2.code', before: undefined, after: 'B' },
    ]);
  });
});
