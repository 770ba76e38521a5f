/**
 * The configuration's contract, loaded when the portal checks a configuration it did not get in the page
 * (a cached copy, the configuration call's answer): a module of its own so that `import()` of it keeps Zod
 * out of the first screen's download.
 */
export { getTenantConfigurationResponse, tenantConfig } from '@trackwell/contracts';
