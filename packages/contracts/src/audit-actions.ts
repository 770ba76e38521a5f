/**
 * Every action the audit log records: console actions, the publisher feed's calls and the
 * seed's grants. The one list the writers (packages/db `recordAuditEntry`) and the console's filter and
 * labels use. Zod-free, so the portal's first download does not carry zod.
 */
export const AUDIT_ACTIONS = [
  'store.create',
  'store.update',
  'store.logo',
  'role.grant',
  'role.revoke',
  'api_key.create',
  'api_key.revoke',
  'client.create',
  'client.revoke',
  'identity_keys.publish',
  'identity_keys.promote',
  'identity_keys.retire',
  'catalog.import',
  'catalog.standard.update',
  'catalog.mapping',
  'catalog.ics_areas',
  'catalog.forecast_rules',
  'catalog.changes',
  'changes.publish',
  'deliveries.retry',
  'webhook.create',
  'webhook.delete',
  'account.delete',
  'user.lifecycle',
  'user.delete',
  'organisation.create',
  'organisation.delete',
  'organisation.seats',
  'organisation.invite',
  'organisation.join',
  'organisation.member',
  'organisation.list',
  'organisation.review',
  'organisation.policy',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
