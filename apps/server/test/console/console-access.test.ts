import { describe, expect, it } from 'vitest';
import {
  type ConsoleAction,
  grantableRoles,
  mayDo,
  type RoleGrant,
} from '../../src/modules/console/console-access.ts';

/** The console's one authorization rule (console-access.ts), as a table: holder × action × store → verdict. */
const A = 'store-a-id';
const B = 'store-b-id';
const P = 'platform-id';
const operator: RoleGrant[] = [{ role: 'platform_operator', storeId: P }];
const adminA: RoleGrant[] = [{ role: 'store_admin', storeId: A }];
const editorA: RoleGrant[] = [{ role: 'catalog_editor', storeId: A }];
const nobody: RoleGrant[] = [];

const ALL: ConsoleAction[] = [
  'store.list',
  'store.read',
  'store.update',
  'store.create',
  'role.read',
  'role.grant',
  'role.revoke',
  'api_key.read',
  'api_key.manage',
  'audit.read',
  'audit.read_all',
  'catalog.edit',
  'changes.publish',
  'deliveries.read',
  'deliveries.retry',
];
const ADMIN_OWN = new Set<ConsoleAction>(ALL.filter((x) => x !== 'store.create' && x !== 'audit.read_all'));
const EDITOR_OWN = new Set<ConsoleAction>(['store.list', 'catalog.edit', 'changes.publish']);

type Row = [string, RoleGrant[], ConsoleAction, string | undefined, boolean];
const table: Row[] = [
  ...ALL.flatMap((action): Row[] => [
    ['operator', operator, action, A, true],
    ['operator', operator, action, B, true],
    ['operator', operator, action, undefined, true],
    ['admin of A', adminA, action, A, ADMIN_OWN.has(action)],
    ['admin of A', adminA, action, B, false],
    ['admin of A', adminA, action, undefined, action === 'store.list'],
    ['editor of A', editorA, action, A, EDITOR_OWN.has(action)],
    ['editor of A', editorA, action, B, false],
    ['no role', nobody, action, A, false],
    ['no role', nobody, action, undefined, false],
  ]),
];

describe('mayDo (console-access.ts)', () => {
  it.each(table)('%s: %s on %s → %s', (_who, grants, action, store, expected) => {
    expect(mayDo(grants, action, store)).toBe(expected);
  });
});

describe('grantableRoles', () => {
  it.each([
    [
      'operator in its own (platform) store',
      operator,
      P,
      ['platform_operator', 'store_admin', 'catalog_editor'],
    ],
    ['operator in another store', operator, A, ['store_admin', 'catalog_editor']],
    ['admin of A in A', adminA, A, ['store_admin', 'catalog_editor']],
    ['admin of A in B', adminA, B, []],
    ['editor of A in A', editorA, A, []],
    ['no role', nobody, A, []],
  ] as const)('%s may grant %j', (_who, grants, store, expected) => {
    expect(grantableRoles(grants, store)).toEqual(expected);
  });
});
