import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tenant-scope rule (docs/ARCHITECTURE.md "Tenant scope"): every exported repository function that reads
 * or writes a store's data takes the tenant (`tenantId`, or the `tenant`) as a parameter, and its statements
 * carry a `tenant_id` predicate. The functions below are the stated exceptions, each with why; a new function
 * without a tenant fails this test until it is scoped or listed here with its reason.
 */
const UNSCOPED: Record<string, string> = {
  // They find the store: the tenant is their answer, not their input.
  'tenants.ts upsertTenant': 'writes a store (its definition carries the id)',
  'tenants.ts findTenantByHost': 'finds the store a host belongs to',
  'tenants.ts findTenantByCode': 'finds the store of a code (asset URLs)',
  'tenants.ts listTenantHosts': 'every store’s hosts, for the tenant resolver’s cache',
  'tenants.ts findTenantById': 'finds the store of an id (the publisher feed’s matching rules)',
  'tenants.ts countTenants': 'whether there is any store yet (the first start seeds the demo)',
  'catalog-api-keys.ts findActiveCatalogApiKey':
    'a publisher key names its store; the route then requires the host’s store (403 otherwise)',
  // The console's operators' views (the routes require platform_operator for every store; store routes pass
  // the store's tenant id in the filter).
  'store-definitions.ts listStoreSummaries': 'every store, for operators (others get their own only)',
  'console-audit.ts listAuditEntries':
    'the audit log of every store for operators; a store’s own log sets filter.tenantId',
  'console-audit.ts countAuditEntries':
    'counts what listAuditEntries pages (same filter): every store for operators, a store’s own by tenantId',
  'notifications.ts findCatalogApiKeyTenant':
    'a publisher key names its store; the route then requires the host’s store (403 otherwise)',
  // The notification worker serves every store: its ids come from outbox rows matched per tenant.
  'notifications.ts listPendingDeliveryIds':
    'one event’s outbox rows (the event was recorded under its tenant)',
  'notifications.ts listEventsWithPendingDeliveries': 'the sweep over every store’s outbox',
  'notifications.ts claimPendingNotifications':
    'claims rows by id; each row answers its own tenant for rendering',
  'notifications.ts markDeliveriesSent': 'marks rows by id, after sending',
  'notifications.ts markDeliveryAttemptFailed': 'marks one row by id, after a failed attempt',
  'notifications.ts releaseNotificationClaims':
    'gives back claimed rows by id and claim, when a sender is told to stop or its claim ends soon',
  // The digest job serves every store: due digests are found in each user's own schedule.
  'notification-digests.ts createDueDigests':
    'the digests due now across every store’s schedules (or one: digest:run)',
  'notification-digests.ts claimDigests': 'claims digests by status; each answers its own tenant',
  'notification-digests.ts markDigestsSent': 'marks digests by id, after sending',
  'notification-digests.ts releaseDigestClaims':
    'gives back claimed digests by id and claim, when a run is told to stop or its claim ends soon',
  'notification-digests.ts markDigestAttemptFailed': 'marks a digest by id, after a failed attempt',
  'notification-digests.ts refreshDigestStatisticsAfter':
    'ANALYZE of the digest tables after a large build across stores',
  // The monthly status report rides the digest job, across every store's schedules.
  'notification-status-reports.ts createDueStatusReports':
    'the reports due now across every store’s schedules',
  'notification-status-reports.ts loadListStatus':
    'a claimed report names its tenant and user in its argument',
  // The webhook sender serves every store: its message ids come from messages matched per tenant.
  'webhook-outbox.ts listPendingWebhookMessageIds':
    'one event’s webhook messages (the event was recorded under its tenant)',
  'webhook-outbox.ts listOverdueWebhookMessageIds': 'the sweep over every store’s webhook messages',
  'webhook-outbox.ts claimWebhookMessage': 'claims a message by id; the row answers its own tenant',
  // Organisation lists' outside recipients and review notices: jobs over every store, rows by id.
  'organisation-list-mails.ts claimListMails': 'claims queued mails of every store; each answers its tenant',
  'organisation-list-mails.ts markListMailSent': 'marks one mail by id, after sending',
  'organisation-list-mails.ts markListMailFailed': 'marks one mail by id, after a failed attempt',
  'organisation-review-notices.ts claimReviewReminders':
    'claims the reminders due in every store; each notice answers its tenant',
  'organisation-review-notices.ts claimReviewEscalations':
    'claims the overdue reviews of every store; each notice answers its tenant',
  'organisation-review-notices.ts claimReviewMails':
    'claims queued notice mails of every store; each answers its tenant',
  'organisation-review-notices.ts markReviewMailSent': 'marks one notice mail by id, after sending',
  'organisation-review-notices.ts markReviewMailFailed':
    'marks one notice mail by id, after a failed attempt',
  // Housekeeping and feeds across stores; each row carries its tenant, checked where it is used.
  'identity.ts purgeExpiredIdentityData':
    'deletes expired one-time tokens, provider payloads and counters of every store',
  'token-revocations.ts listTokenRevocationsAfter':
    'the change feed every process follows; rows are checked by tenant in memory',
  'token-revocations.ts purgeExpiredTokenRevocations': 'deletes expired revocations of every store',
  // The identity keys' schedule serves every store: it finds the stores with a rotation step due.
  'identity-key-rotation.ts listStoresWithIdentityKeyStepsDue':
    'the stores whose identity keys have a rotation step due; each step then names its store',
  // The review alerts' job serves every store: it finds the stores with a reader who chose the alert.
  'review-alerts.ts listStoresWithReviewAlerts':
    'the stores with a reader who chose review alerts; each store is then read on its own',
  'jobs.ts hasUnfinishedJobs': 'pg-boss’s job table has no tenant',
  'operational-metrics.ts jobQueueFigures': 'pg-boss’s job table has no tenant (the /metrics scrape)',
  'operational-metrics.ts digestLagSeconds': 'the oldest pending digest of any store (the /metrics scrape)',
  'signals.ts notifyChannel': 'NOTIFY between processes; the payload names what it is about',
  'signals.ts pingDatabase': 'SELECT 1, the readiness check',
  // The local mail sink: one inbox per installation, only without SMTP_URL, loopback clients only.
  'mail.ts insertMailMessage': 'the local sink’s inbox',
  'mail.ts listMailMessages': 'the local sink’s inbox',
  'mail.ts countMailMessages': 'the local sink’s inbox',
  'mail.ts getMailMessage': 'the local sink’s inbox',
  'mail.ts deleteMailMessage': 'the local sink’s inbox',
  'mail.ts deleteAllMailMessages': 'the local sink’s inbox',
};

const DIR = new URL('../src/repositories/', import.meta.url).pathname;
const EXPORTED = /export (?:async )?function (\w+)\s*(?:<[^>]*>)?\(([^)]*)\)/g;

/** Exported functions that take a database (`db`/`tx`) but no tenant, as "file name". */
function unscopedFunctions(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(join(DIR, file), 'utf8').matchAll(EXPORTED)) {
      const params = m[2]!.split(',').map((p) => p.trim().split(/[?:\s]/)[0]);
      const takesDatabase = params[0] === 'db' || params[0] === 'tx';
      const takesTenant = params.includes('tenantId') || params.includes('tenant');
      if (takesDatabase && !takesTenant) found.push(`${file} ${m[1]}`);
    }
  }
  return found.sort();
}

describe('tenant scope of the repositories', () => {
  it('every repository function takes its tenant, except the stated ones', () => {
    expect(unscopedFunctions()).toEqual(Object.keys(UNSCOPED).sort());
  });

  it('every scoped function’s file filters by tenant_id (no statement-free scoping)', () => {
    for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(DIR, file), 'utf8');
      if (/\btenantId\b/.test(text) && /\b(SELECT|UPDATE|DELETE|INSERT)\b/.test(text))
        expect(text, file).toMatch(/tenant_id/);
    }
  });
});
