/*
 * The operator console's API paths and role names, without zod: the portal's shell reads the roles
 * claim, and a module of plain constants keeps the schemas out of its first download.
 */

export const CONSOLE_BASE = '/api/console/v1';
export const CONSOLE_PATHS = {
  stores: `${CONSOLE_BASE}/stores`,
  store: `${CONSOLE_BASE}/stores/:code`,
  storeRoles: `${CONSOLE_BASE}/stores/:code/roles`,
  storeApiKeys: `${CONSOLE_BASE}/stores/:code/api-keys`,
  storeApiKey: `${CONSOLE_BASE}/stores/:code/api-keys/:id`,
  /** The store's Users API tokens (`Authorization: SSWS <token>`). */
  storeProvisioningTokens: `${CONSOLE_BASE}/stores/:code/provisioning-tokens`,
  storeProvisioningToken: `${CONSOLE_BASE}/stores/:code/provisioning-tokens/:id`,
  /** The store's users (search, one user, the administrator's actions). */
  storeUsers: `${CONSOLE_BASE}/stores/:code/users`,
  storeUser: `${CONSOLE_BASE}/stores/:code/users/:userId`,
  storeUserAction: `${CONSOLE_BASE}/stores/:code/users/:userId/actions/:action`,
  storeAudit: `${CONSOLE_BASE}/stores/:code/audit`,
  audit: `${CONSOLE_BASE}/audit`,
  storeChanges: `${CONSOLE_BASE}/stores/:code/changes`,
  storeChangePreview: `${CONSOLE_BASE}/stores/:code/changes/preview`,
  storeChangeRetry: `${CONSOLE_BASE}/stores/:code/changes/:id/retry`,
  storeChangeDeliveries: `${CONSOLE_BASE}/stores/:code/changes/:id/deliveries`,
  storeDeliveriesDaily: `${CONSOLE_BASE}/stores/:code/deliveries/daily`,
  storeDeliveryMessage: `${CONSOLE_BASE}/stores/:code/deliveries/:deliveryId/message`,
  storeDeliveryMessageHtml: `${CONSOLE_BASE}/stores/:code/deliveries/:deliveryId/message.html`,
  storeClients: `${CONSOLE_BASE}/stores/:code/clients`,
  storeClient: `${CONSOLE_BASE}/stores/:code/clients/:clientId`,
} as const;

/** The console roles; carried in access tokens as the `trackwell_roles` claim. */
export const CONSOLE_ROLES = ['platform_operator', 'store_admin', 'catalog_editor'] as const;
export type ConsoleRoleName = (typeof CONSOLE_ROLES)[number];
/** The access-token and ID-token claim listing the user's console roles (the portal reads it). */
export const CONSOLE_ROLES_CLAIM = 'trackwell_roles';
export const CONSOLE_IDENTITY_TEST_PATH = `${CONSOLE_BASE}/stores/:code/identity/test` as const;
export const CONSOLE_LOGO_PATH = `${CONSOLE_BASE}/stores/:code/logo` as const;
