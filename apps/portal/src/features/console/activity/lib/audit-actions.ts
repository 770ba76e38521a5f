/** The actions the console and the publisher feed write to the audit log (the filter's choices). */
export const AUDIT_ACTIONS = [
  'store.create',
  'store.update',
  'role.grant',
  'role.revoke',
  'api_key.create',
  'api_key.revoke',
  'client.create',
  'client.revoke',
  'catalog.import',
  'catalog.changes',
  'changes.publish',
  'deliveries.retry',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isKnownAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** A day (YYYY-MM-DD) from the form as the API's instant: its start, or (`end`) the next day's start, UTC. */
export function dayInstant(day: string, end = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (end) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
