// The tenant feature's public surface: the app composes these; other code never reaches inside.
export { seedTenantConfiguration } from './api/get-tenant-configuration.ts';
export { TenantGate } from './components/tenant-gate.tsx';
export { EMBEDDED_CONFIG_ID, readEmbeddedTenantConfig } from './lib/embedded-config.ts';
export { initialTenantLanguage } from './lib/use-tenant-document.ts';
export { TenantConfigContext, useTenantConfig } from './tenant-context.ts';
