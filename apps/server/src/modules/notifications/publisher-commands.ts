import type { CatalogEvent, CatalogEventResult } from '@trackwell/contracts';
import { type AuditEntryInput, type DatabaseHandle, recordAuditEntry } from '@trackwell/db';
import type { NotificationService } from './service.ts';

/**
 * Applies a publisher's batch of change events (each its own transaction: publish.ts) and then audits the
 * call: the audit log names every use of a publisher credential, and the entry says what the call did.
 */
export async function publishCatalogChanges(
  deps: { db: DatabaseHandle; notifications: Pick<NotificationService, 'publish'> },
  tenant: { id: string; code: string },
  actor: AuditEntryInput['actor'],
  events: CatalogEvent[],
): Promise<CatalogEventResult[]> {
  const results = await deps.notifications.publish(tenant.id, events, 'api');
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  await recordAuditEntry(deps.db, tenant.id, {
    storeCode: tenant.code,
    actor,
    action: 'catalog.changes',
    target: `${results.length} event(s)`,
    after: {
      applied: count('applied'),
      duplicates: count('duplicate'),
      rejected: count('rejected'),
      events: results.slice(0, 100).map((r) => ({ id: r.id, outcome: r.outcome })),
    },
  });
  return results;
}
