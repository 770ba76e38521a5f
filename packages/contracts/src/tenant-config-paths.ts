/** spec §7: where the portal asks for its store's configuration (a module without Zod: issue 12 §1). */
export const TENANT_CONFIG_PATH = '/config/get-tenant-configuration-for-ui';
