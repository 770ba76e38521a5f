import type { TenantConfig } from '@trackwell/contracts';
import { createContext, use } from 'react';

export const TenantConfigContext = createContext<TenantConfig | null>(null);

/** The current tenant's configuration; only screens inside `TenantGate` may ask for it. */
export function useTenantConfig(): TenantConfig {
  const config = use(TenantConfigContext);
  if (!config) throw new Error('useTenantConfig() must be used inside <TenantGate>.');
  return config;
}
