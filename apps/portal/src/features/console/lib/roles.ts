import {
  CONSOLE_ROLES,
  CONSOLE_ROLES_CLAIM,
  type ConsoleRoleName as ConsoleRole,
} from '@trackwell/contracts';

/**
 * The console roles the signed-in user holds, read from the access token's `trackwell_roles`
 * claim. They only decide what the console shows: the server checks the roles on every console call.
 */
export function rolesFromClaims(claims: Record<string, unknown> | undefined): ConsoleRole[] {
  const value = claims?.[CONSOLE_ROLES_CLAIM];
  if (!Array.isArray(value)) return [];
  // A plain check, not the contract's zod enum: the shell reads this too, and its first download stays small.
  return value.filter((role): role is ConsoleRole => (CONSOLE_ROLES as readonly unknown[]).includes(role));
}

/** The console's sections of one store, in the order of its navigation. */
export const STORE_SECTIONS = [
  'settings',
  'theme',
  'catalog',
  'areas',
  'forecasts',
  'changes',
  'deliveries',
  'access',
  'users',
  'organisations',
  'webhooks',
  'audit',
] as const;
export type StoreSection = (typeof STORE_SECTIONS)[number];

/** Catalogue editors see the catalogue and the changes only; operators and administrators all. */
const EDITOR_SECTIONS: ReadonlySet<StoreSection> = new Set(['catalog', 'changes']);

export function sectionsFor(roles: readonly ConsoleRole[]): StoreSection[] {
  if (roles.includes('platform_operator') || roles.includes('store_admin')) return [...STORE_SECTIONS];
  if (roles.includes('catalog_editor')) return STORE_SECTIONS.filter((s) => EDITOR_SECTIONS.has(s));
  return [];
}

export const isOperator = (roles: readonly ConsoleRole[]) => roles.includes('platform_operator');
