import { errorEnvelope, TRACKER_PATHS } from '@trackwell/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, leaksInternals, type TestApp } from './helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestCatalogue,
  type TestIssuer,
  type TrackerTenant,
} from './tracker-fixtures.ts';

/**
 * The world of the tracker API's contract tests (tracker-*.test.ts): the app, a test issuer, two tenants on
 * it with catalogues of 5 and 2 standards. `useTrackerWorld()` in a test file builds it before the file's
 * tests and closes it after; the exported bindings are live (ES modules), so tests read them directly.
 */

export const P = TRACKER_PATHS;
export const listUrl = (userId: string, pageIndex: number | string = 1, pageSize: number | string = 10) =>
  `${P.listContentTrackings}?userId=${userId}&pageIndex=${pageIndex}&pageSize=${pageSize}`;

export let t: TestApp;
export let issuer: TestIssuer;
/** The tenant under test. */
export let a: TrackerTenant;
/** Another tenant, same issuer server, its own issuer path. */
export let b: TrackerTenant;
export let catA: TestCatalogue;
export let catB: TestCatalogue;

export function useTrackerWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await startTestIssuer();
    a = await createTrackerTenant(t, issuer);
    b = await createTrackerTenant(t, issuer);
    catA = await insertCatalogue(t.app.db, a.tenant.id, 5);
    catB = await insertCatalogue(t.app.db, b.tenant.id, 2);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });
}

export const std = (cat: TestCatalogue, n: number) => cat.standards.get(`s-${n}`)!;
export const offStates = async (ids: number[]) => {
  const { rows } = await t.app.db.query<{ id: number; tracking_off: boolean }>(
    'SELECT id, tracking_off FROM content_trackings WHERE id = ANY($1::bigint[]) ORDER BY id',
    [ids],
  );
  return rows.map((r) => r.tracking_off);
};
export const rowCount = async (userId: string) => {
  const { rows } = await t.app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM content_trackings WHERE user_id = $1',
    [userId],
  );
  return rows[0]!.n;
};
export const expectError = (res: { statusCode: number; body: string; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = errorEnvelope.parse(res.json());
  expect(body.status).toBe(String(status));
  expect(body.message.length).toBeGreaterThan(5);
  expect(leaksInternals(res.body)).toBe(false);
  return body;
};
