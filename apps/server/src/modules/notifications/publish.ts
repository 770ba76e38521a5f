import type { CatalogEvent, CatalogEventResult, PublishingSource } from '@trackwell/contracts';
import {
  applyCatalogEvent,
  type DatabaseHandle,
  findTenantById,
  type MatchingRules,
  notifyChannel,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';

/**
 * Publishing catalogue changes: each event applied in its own transaction (apply + record + match + outbox,
 * see applyCatalogEvent) under the store's matching rules. Shared by the publisher API and the CLIs.
 */

/**
 * NOTIFY channel on which a process that applied events without a worker of its own (the CLIs) announces
 * each event id after its commit; workers dispatch it at once instead of at their next sweep.
 */
export const APPLIED_EVENTS_CHANNEL = 'trackwell_applied_events';

/** Announces an applied event to the workers (`APPLIED_EVENTS_CHANNEL`); none listening: the sweep sends it. */
export async function announceAppliedEvent(db: SqlExecutor, eventId: number): Promise<void> {
  await notifyChannel(db, APPLIED_EVENTS_CHANNEL, String(eventId));
}

export function matchingRulesOf(tenant: Pick<Tenant, 'config' | 'featureFlags'>): MatchingRules {
  const s = tenant.config.trackerSetting;
  return {
    standard: s.individual_standard_tracker.enabled,
    committee: s.committee.enabled,
    industryArea: s.industry_area.enabled,
    // spec §2 Tracker page 5: publisher tracking needs its section AND the tenant-wide flag
    publisher: s.publisher.enabled && tenant.featureFlags.track_by_publishers.enabled,
    workItem: s.work_item.enabled,
  };
}

/**
 * Applies events one transaction each (see applyCatalogEvent) with the tenant's matching rules; calls
 * `onApplied` after the commit of each event that has recipients or webhook messages. Shared by the API and the CLI.
 */
export async function publishCatalogEvents(
  db: DatabaseHandle,
  tenantId: string,
  events: CatalogEvent[],
  source: PublishingSource,
  onApplied: (eventId: number) => Promise<void> = async () => {},
  onProgress: (done: number) => void = () => {},
): Promise<CatalogEventResult[]> {
  const tenant = await findTenantById(db, tenantId);
  if (!tenant) throw new Error(`No tenant ${tenantId}`);
  const rules = matchingRulesOf(tenant);
  const results: CatalogEventResult[] = [];
  for (const event of events) {
    const applied = await applyCatalogEvent(db, tenantId, event, { source, rules });
    results.push(applied.result);
    if (
      applied.eventId !== undefined &&
      ((applied.result.recipients ?? 0) > 0 || (applied.webhooks ?? 0) > 0)
    )
      await onApplied(applied.eventId);
    onProgress(results.length);
  }
  return results;
}
