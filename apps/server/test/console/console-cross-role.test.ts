import { type CatalogEvent, CONSOLE_PATHS } from '@trackwell/contracts';
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
import { change, ids, ROUTES } from './console-route-cases.ts';

/**
 * Every console route, walked cross-store and cross-role against store A's data: an
 * anonymous caller gets 401; a user of A without a role, A's catalogue editor where it lacks the right, and
 * B's store admin get 403; A's admin gets 403 on the operators' routes. Nothing changes: row counts, the
 * audit log and the store's last update are compared before and after each call.
 */
useConsoleWorld();

const ACTORS = () =>
  ({ anonymous: null, nobodyA, editorA, adminA, adminB }) as Record<string, ConsoleActor | null>;

beforeAll(async () => {
  ids.keyId = (await createStoreApiKey(t.app.db, a.tenant.id, 'the key under attack', null)).id;
  ids.clientId = (
    await createCatalogPublisherClient(t.app.db, a.tenant.id, 'the client under attack')
  ).clientId;
  ids.webhookId = (
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
  ids.changeId = rows[0]!.event_id;
  ids.deliveryId = rows[0]!.id;
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
    const res = await callAs(adminB, { url: CONSOLE_PATHS.stores });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(a.tenant.code);
  });

  it("A's admin naming a store that does not exist gets 403 (only operators learn it is missing)", async () => {
    expectError(await callAs(adminA, { url: CONSOLE_PATHS.store.replace(':code', 'no-such-store') }), 403);
  });
});
