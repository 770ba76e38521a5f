import type { ConsoleRole } from '@trackwell/contracts';
import { grantConsoleRole } from '@trackwell/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';
import {
  createTrackerTenant,
  startTestIssuer,
  type TestIssuer,
  type TestUser,
  type TrackerTenant,
} from './tracker-fixtures.ts';

/**
 * The world of the console API tests (console-*.test.ts): the app, a test issuer, a platform store with an
 * operator, and two stores A and B, each with a store admin, a catalogue editor and a user without a role.
 * The bindings are live (ES modules): tests read them directly after `useConsoleWorld()`.
 */

export interface ConsoleActor {
  store: TrackerTenant;
  user: TestUser;
}

export let t: TestApp;
export let issuer: TestIssuer;
export let platform: TrackerTenant;
export let a: TrackerTenant;
export let b: TrackerTenant;
export let operator: ConsoleActor;
export let adminA: ConsoleActor;
export let editorA: ConsoleActor;
export let nobodyA: ConsoleActor;
export let adminB: ConsoleActor;

/** A user of `store` holding `roles` (granted directly in the database, as a seed or CLI would). */
export async function createActor(store: TrackerTenant, roles: ConsoleRole[] = []): Promise<ConsoleActor> {
  const user = await store.createUser();
  for (const role of roles) await grantConsoleRole(t.app.db, store.tenant.id, user.id, role, null);
  return { store, user };
}

/** `inject` as `actor` (null: anonymous, on store A's host) with the actor's own store host and token. */
export function callAs(
  actor: ConsoleActor | null,
  options: InjectOptions & { token?: string | null },
): Promise<LightMyRequestResponse> {
  return actor ? actor.store.call(actor.user, options) : a.call(null, options);
}

/** `env` for the app (e.g. the local mail sink); `worker`: this app also sends the e-mails. */
export function useConsoleWorld(options: { env?: Record<string, string>; worker?: boolean } = {}) {
  beforeAll(async () => {
    t = await buildTestApp(options.env);
    if (options.worker) await t.app.notifications.startWorker();
    issuer = await startTestIssuer();
    platform = await createTrackerTenant(t, issuer, { name: 'Platform' });
    a = await createTrackerTenant(t, issuer, { name: 'Store A' });
    b = await createTrackerTenant(t, issuer, { name: 'Store B' });
    operator = await createActor(platform, ['platform_operator']);
    adminA = await createActor(a, ['store_admin']);
    editorA = await createActor(a, ['catalog_editor']);
    nobodyA = await createActor(a);
    adminB = await createActor(b, ['store_admin']);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });
}

/** How many rows each table the console writes holds (a refused call must leave them all unchanged). */
export async function consoleRowCounts() {
  const { rows } = await t.app.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM tenants) AS tenants,
            (SELECT count(*)::int FROM tenant_hosts) AS hosts,
            (SELECT count(*)::int FROM console_role_grants) AS grants,
            (SELECT count(*)::int FROM catalog_api_keys) AS keys,
            (SELECT count(*)::int FROM catalog_api_keys WHERE revoked_at IS NOT NULL) AS revoked,
            (SELECT count(*)::int FROM console_audit_log) AS audit,
            (SELECT count(*)::int FROM publishers) AS publishers,
            (SELECT count(*)::int FROM standards) AS standards,
            (SELECT count(*)::int FROM catalog_import_runs) AS imports,
            (SELECT count(*)::int FROM catalog_import_mappings) AS mappings,
            (SELECT max(updated_at)::text FROM catalog_import_mappings) AS last_mapping,
            (SELECT count(*)::int FROM catalog_events) AS events,
            (SELECT count(*)::int FROM identity_oidc_payloads WHERE model = 'Client') AS clients,
            (SELECT count(*)::int FROM notification_deliveries) AS deliveries,
            (SELECT count(*)::int FROM notification_deliveries WHERE status = 'pending') AS pending,
            (SELECT count(*)::int FROM webhook_endpoints) AS webhooks,
            (SELECT count(*)::int FROM webhook_messages) AS webhook_messages,
            (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM identity_accounts WHERE status <> 'ACTIVE') AS inactive_users,
            (SELECT max(updated_at)::text FROM tenants) AS last_update`,
  );
  return rows[0]!;
}
