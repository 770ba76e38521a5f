import {
  type CatalogEvent,
  CONSOLE_CATALOG_PATHS,
  CONSOLE_IDENTITY_TEST_PATH,
  CONSOLE_LOGO_PATH,
  CONSOLE_PATHS,
  CONSOLE_STANDARD_PATHS,
  WEBHOOK_PATHS,
} from '@trackwell/contracts';
import { createCatalogPublisherClient, createStoreApiKey, createWebhookEndpoint } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  adminA,
  adminB,
  type ConsoleActor,
  callAs,
  consoleRowCounts,
  editorA,
  nobodyA,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { buildNotificationCatalogue, trackSource } from '../support/notifications-fixtures.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * Every console route, walked cross-store and cross-role against store A's data: an
 * anonymous caller gets 401; a user of A without a role, A's catalogue editor where it lacks the right, and
 * B's store admin get 403; A's admin gets 403 on the operators' routes. Nothing changes: row counts, the
 * audit log and the store's last update are compared before and after each call.
 */
useConsoleWorld();

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered (compared with the OpenAPI document: every console route is here). */
  route: string;
  url: () => string;
  payload?: () => Record<string, unknown> | string;
  headers?: Record<string, string>;
  /** Actors (besides the operator) that may call it: every other one is refused. */
  allowed: Array<'adminA' | 'editorA' | 'adminB'>;
}

let keyId = '';
let changeId = '';
let deliveryId = '';
let clientId = '';
let webhookId = '';
const at = (path: string, extra = '') =>
  `${path
    .replace(':code', a.tenant.code)
    .replace('webhooks/:id', `webhooks/${webhookId}`)
    .replace(':id/retry', `${changeId}/retry`)
    .replace(':id/deliveries', `${changeId}/deliveries`)
    .replace(':id', keyId)
    .replace(':deliveryId', deliveryId)
    .replace(':clientId', clientId)
    .replace(':contentCode', 'D638-CC')}${extra}`;
/** A change of store A that its catalogue has (D638-14, buildNotificationCatalogue). */
const change = () => ({
  id: 'cross-role-1',
  type: 'withdrawal',
  standard: { contentCode: 'D638-CC' },
});
const P = CONSOLE_PATHS;
const C = CONSOLE_CATALOG_PATHS;
const W = WEBHOOK_PATHS;
const ROUTES: RouteCase[] = [
  // GET /stores is open to every role holder: B's admin sees only B (checked below), never A.
  { method: 'GET', route: P.stores, url: () => P.stores, allowed: ['adminA', 'editorA', 'adminB'] },
  {
    method: 'POST',
    route: P.stores,
    url: () => P.stores,
    payload: () => ({ code: 'never', name: 'Never', hosts: ['never.test.localhost'] }),
    allowed: [],
  },
  { method: 'GET', route: P.store, url: () => at(P.store), allowed: ['adminA'] },
  {
    method: 'PATCH',
    route: P.store,
    url: () => at(P.store),
    payload: () => ({ config: { tenantName: 'Taken over' } }),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeRoles, url: () => at(P.storeRoles), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeRoles,
    url: () => at(P.storeRoles),
    payload: () => ({ login: nobodyA.user.login, role: 'store_admin' }),
    allowed: ['adminA'],
  },
  {
    method: 'DELETE',
    route: P.storeRoles,
    url: () => at(P.storeRoles, `?login=${encodeURIComponent(editorA.user.login)}&role=catalog_editor`),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeApiKeys, url: () => at(P.storeApiKeys), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeApiKeys,
    url: () => at(P.storeApiKeys),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeApiKey, url: () => at(P.storeApiKey), allowed: ['adminA'] },
  // The store's Users API tokens, the same actions as its publisher keys.
  {
    method: 'GET',
    route: P.storeProvisioningTokens,
    url: () => at(P.storeProvisioningTokens),
    allowed: ['adminA'],
  },
  {
    method: 'POST',
    route: P.storeProvisioningTokens,
    url: () => at(P.storeProvisioningTokens),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  {
    method: 'DELETE',
    route: P.storeProvisioningToken,
    url: () => at(P.storeProvisioningToken),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeAudit, url: () => at(P.storeAudit), allowed: ['adminA'] },
  { method: 'GET', route: P.audit, url: () => P.audit, allowed: [] },
  ...[C.importDryRun, C.imports].map(
    (route): RouteCase => ({
      method: 'POST',
      route,
      url: () => at(route),
      payload: () => 'kind,code,name\npublisher,EVIL,Evil Publisher\n',
      headers: { 'content-type': 'text/csv' },
      allowed: ['adminA', 'editorA'],
    }),
  ),
  { method: 'GET', route: C.imports, url: () => at(C.imports), allowed: ['adminA', 'editorA'] },
  // Reading a file's columns writes nothing; saving the mapping is a catalogue editor's.
  {
    method: 'POST',
    route: C.importColumns,
    url: () => at(C.importColumns),
    payload: () => 'reference,title\nISO 1:2000,Units\n',
    headers: { 'content-type': 'text/csv' },
    allowed: ['adminA', 'editorA'],
  },
  { method: 'GET', route: C.importMapping, url: () => at(C.importMapping), allowed: ['adminA', 'editorA'] },
  {
    method: 'PUT',
    route: C.importMapping,
    url: () => at(C.importMapping),
    payload: () => ({
      columns: [
        { header: 'ref', field: 'reference' },
        { header: 'title', field: 'title' },
        { header: 'stage', field: 'stage' },
        { header: 'date', field: 'publishedOn' },
      ],
    }),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'POST',
    route: P.storeChangePreview,
    url: () => at(P.storeChangePreview),
    payload: change,
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'POST',
    route: P.storeChanges,
    url: () => at(P.storeChanges),
    payload: change,
    allowed: ['adminA', 'editorA'],
  },
  { method: 'GET', route: P.storeChanges, url: () => at(P.storeChanges), allowed: ['adminA'] },
  {
    method: 'GET',
    route: P.storeDeliveriesDaily,
    url: () => at(P.storeDeliveriesDaily, '?from=2026-01-01&to=2026-01-31'),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: P.storeChangeDeliveries,
    url: () => at(P.storeChangeDeliveries),
    allowed: ['adminA'],
  },
  { method: 'POST', route: P.storeChangeRetry, url: () => at(P.storeChangeRetry), allowed: ['adminA'] },
  {
    method: 'GET',
    route: P.storeDeliveryMessage,
    url: () => at(P.storeDeliveryMessage),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: P.storeDeliveryMessageHtml,
    url: () => at(P.storeDeliveryMessageHtml),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeClients, url: () => at(P.storeClients), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeClients,
    url: () => at(P.storeClients),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeClient, url: () => at(P.storeClient), allowed: ['adminA'] },
  {
    method: 'POST',
    route: CONSOLE_IDENTITY_TEST_PATH,
    url: () => at(CONSOLE_IDENTITY_TEST_PATH),
    // Never fetched: the caller is refused before the body is read.
    payload: () => ({ issuer: 'https://issuer.invalid' }),
    allowed: ['adminA'],
  },
  {
    method: 'PUT',
    route: CONSOLE_LOGO_PATH,
    url: () => at(CONSOLE_LOGO_PATH),
    payload: () => '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    headers: { 'content-type': 'image/svg+xml' },
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: CONSOLE_STANDARD_PATHS.standards,
    url: () => at(CONSOLE_STANDARD_PATHS.standards),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'GET',
    route: CONSOLE_STANDARD_PATHS.standard,
    url: () => at(CONSOLE_STANDARD_PATHS.standard),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'PATCH',
    route: CONSOLE_STANDARD_PATHS.standard,
    url: () => at(CONSOLE_STANDARD_PATHS.standard),
    payload: () => ({ status: 'withdrawn', title: 'Taken over' }),
    allowed: ['adminA', 'editorA'],
  },
  { method: 'GET', route: W.storeWebhooks, url: () => at(W.storeWebhooks), allowed: ['adminA'] },
  {
    method: 'POST',
    route: W.storeWebhooks,
    url: () => at(W.storeWebhooks),
    payload: () => ({ url: 'https://attacker.example/hook' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: W.storeWebhook, url: () => at(W.storeWebhook), allowed: ['adminA'] },
  { method: 'POST', route: W.storeWebhookTest, url: () => at(W.storeWebhookTest), allowed: ['adminA'] },
  {
    method: 'GET',
    route: W.storeWebhookDeliveries,
    url: () => at(W.storeWebhookDeliveries),
    allowed: ['adminA'],
  },
  // The store's users (A's user without a role is the one acted on).
  { method: 'GET', route: P.storeUsers, url: () => at(P.storeUsers), allowed: ['adminA'] },
  { method: 'GET', route: P.storeUser, url: () => userAt(P.storeUser), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeUserAction,
    url: () => userAt(P.storeUserAction).replace(':action', 'deactivate'),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeUser, url: () => userAt(P.storeUser), allowed: ['adminA'] },
];
const userAt = (path: string) => at(path).replace(':userId', nobodyA.user.id);

const ACTORS = () =>
  ({ anonymous: null, nobodyA, editorA, adminA, adminB }) as Record<string, ConsoleActor | null>;

beforeAll(async () => {
  keyId = (await createStoreApiKey(t.app.db, a.tenant.id, 'the key under attack', null)).id;
  clientId = (await createCatalogPublisherClient(t.app.db, a.tenant.id, 'the client under attack')).clientId;
  webhookId = (
    await createWebhookEndpoint(
      t.app.db,
      a.tenant.id,
      { kind: 'store' },
      {
        url: 'https://a.example/hook',
        description: 'the endpoint under attack',
        createdBy: null,
      },
    )
  ).id;
  // A change of A with a failed delivery: what retry and the message route would touch.
  await buildNotificationCatalogue(t.app.db, a.tenant.id);
  await trackSource(t.app.db, a.tenant.id, nobodyA.user.id, 'COMMITTEE', 'D20');
  await t.app.notifications.publish(
    a.tenant.id,
    [{ ...change(), id: 'cross-role-0' } as CatalogEvent],
    'api',
  );
  const { rows } = await t.app.db.query<{ event_id: string; id: string }>(
    `UPDATE notification_deliveries SET status = 'failed', last_error = '550 no', sent_message = 'x'
      WHERE tenant_id = $1 RETURNING event_id::text, id::text`,
    [a.tenant.id],
  );
  changeId = rows[0]!.event_id;
  deliveryId = rows[0]!.id;
});

describe('every console route, cross-store and cross-role', () => {
  it('the table covers every console route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/console/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(documented.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.route}`).sort());
    for (const [path, ops] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/console/')))
      for (const op of Object.values(ops) as Array<{
        tags?: string[];
        security?: unknown;
        responses?: object;
      }>) {
        expect(op.tags, path).toEqual(['console']);
        expect(op.security, path).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses ?? {}), path).toEqual(expect.arrayContaining(['401', '403']));
      }
  });

  const cases = ROUTES.flatMap((r) =>
    ['anonymous', 'nobodyA', 'editorA', 'adminA', 'adminB']
      .filter((who) => !(r.allowed as string[]).includes(who))
      .map((who) => [`${r.method} ${r.route}`, who, r] as const),
  );
  it.each(cases)('%s as %s is refused and changes nothing', async (_name, who, r) => {
    const before = await consoleRowCounts();
    const res = await callAs(ACTORS()[who]!, {
      method: r.method,
      url: r.url(),
      ...(r.payload ? { payload: r.payload() } : {}),
      ...(r.headers ? { headers: r.headers } : {}),
    });
    expectError(res, who === 'anonymous' ? 401 : 403);
    expect(await consoleRowCounts()).toEqual(before);
  });

  it("B's admin listing stores sees B only, never A", async () => {
    const res = await callAs(adminB, { url: P.stores });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(a.tenant.code);
  });

  it("A's admin naming a store that does not exist gets 403 (only operators learn it is missing)", async () => {
    expectError(await callAs(adminA, { url: P.store.replace(':code', 'no-such-store') }), 403);
  });
});
