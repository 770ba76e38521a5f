/** spec §7: where the portal asks for its store's configuration (a module without Zod, for the first screen). */
export const TENANT_CONFIG_PATH = '/config/get-tenant-configuration-for-ui';
