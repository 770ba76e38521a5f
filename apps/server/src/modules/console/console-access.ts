import type { ConsoleRole } from '@trackwell/contracts';

/*
 * Who may do what in the console, decided in one place, framework-free:
 *  - platform_operator: everything, on every store (and creating stores, and the whole audit log);
 *  - store_admin: its own store only: read and change its settings, grant and revoke store_admin and
 *    catalog_editor there, manage its publisher API keys and Users API tokens, read its audit log,
 *    catalogue and changes (preview and publish), its deliveries (per change, per day, the e-mails sent,
 *    retry the failed), its webhook endpoints (register, delete, test, delivery log), and its users
 *    (search, read, lock/unlock, reset, deactivate/reactivate, delete);
 *  - catalog_editor: its own store only: catalogue and changes (it sees the store in its list), not the
 *    deliveries.
 * Anything not listed is refused. The grants come from the database on every call (never from the token).
 */

export type ConsoleAction =
  | 'store.list'
  | 'store.read'
  | 'store.update'
  | 'store.create'
  | 'role.read'
  | 'role.grant'
  | 'role.revoke'
  | 'api_key.read'
  | 'api_key.manage'
  | 'audit.read'
  | 'audit.read_all'
  | 'catalog.edit'
  | 'changes.publish'
  | 'deliveries.read'
  | 'deliveries.retry'
  | 'webhooks.manage'
  | 'users.read'
  | 'users.manage';

/** One role a user holds, on the store (tenant id) of the grant. */
export interface RoleGrant {
  role: ConsoleRole;
  storeId: string;
}

const STORE_ADMIN_ACTIONS: ReadonlySet<ConsoleAction> = new Set([
  'store.list',
  'store.read',
  'store.update',
  'role.read',
  'role.grant',
  'role.revoke',
  'api_key.read',
  'api_key.manage',
  'audit.read',
  'catalog.edit',
  'changes.publish',
  'deliveries.read',
  'deliveries.retry',
  'webhooks.manage',
  'users.read',
  'users.manage',
]);
const CATALOG_EDITOR_ACTIONS: ReadonlySet<ConsoleAction> = new Set([
  'store.list',
  'catalog.edit',
  'changes.publish',
]);
/** Actions about no one store: only operators may do them. */
const PLATFORM_ACTIONS: ReadonlySet<ConsoleAction> = new Set(['store.create', 'audit.read_all']);

export const isPlatformOperator = (grants: readonly RoleGrant[]) =>
  grants.some((g) => g.role === 'platform_operator');

/**
 * May the holder of `grants` do `action` on the store `storeId` (undefined: an action on no one store, or a
 * store that does not exist — only an operator may go further, and then learns it is missing)?
 */
export function mayDo(grants: readonly RoleGrant[], action: ConsoleAction, storeId: string | undefined) {
  if (isPlatformOperator(grants)) return true;
  if (PLATFORM_ACTIONS.has(action) || storeId === undefined)
    return action === 'store.list' && grants.length > 0;
  return grants.some(
    (g) =>
      g.storeId === storeId &&
      ((g.role === 'store_admin' && STORE_ADMIN_ACTIONS.has(action)) ||
        (g.role === 'catalog_editor' && CATALOG_EDITOR_ACTIONS.has(action))),
  );
}

/**
 * Which roles the holder of `grants` may grant or revoke on `storeId`: an operator store_admin and
 * catalog_editor anywhere, and platform_operator in its own store only (operators are accounts of the
 * platform store: the first one is made there by `npm run console:grant`); a store admin store_admin and
 * catalog_editor within its own store; anyone else none.
 */
export function grantableRoles(grants: readonly RoleGrant[], storeId: string): ConsoleRole[] {
  if (isPlatformOperator(grants)) {
    const operatorsStore = grants.some((g) => g.role === 'platform_operator' && g.storeId === storeId);
    return operatorsStore
      ? ['platform_operator', 'store_admin', 'catalog_editor']
      : ['store_admin', 'catalog_editor'];
  }
  if (mayDo(grants, 'role.grant', storeId)) return ['store_admin', 'catalog_editor'];
  return [];
}
