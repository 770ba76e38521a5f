import { type CatalogEvent, STANDARD_HISTORY_PATH } from '@trackwell/contracts';
import { applyCatalogEvent } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import type { TrackerTenant } from '../support/tracker-fixtures.ts';
import { a, b, catA, expectError, std, t, useTrackerWorld } from '../support/tracker-world.ts';

/** A standard's edition history, from its recorded changes, for the tracker page. */
useTrackerWorld();

const RULES = { standard: true, committee: true, industryArea: true, publisher: true, workItem: true };
const history = async (tenant: TrackerTenant, assetId: string) => {
  const user = await tenant.createUser();
  return tenant.call(user, { url: `${STANDARD_HISTORY_PATH}?assetId=${encodeURIComponent(assetId)}` });
};
const apply = async (event: Record<string, unknown>) => {
  const applied = await applyCatalogEvent(t.app.db, a.tenant.id, event as CatalogEvent, {
    source: 'api',
    rules: RULES,
  });
  expect(applied.result.outcome).toBe('applied');
};

describe("a standard's edition history", () => {
  it('lists every change of the standard, newest first, with old → new, the summary and the comparison link', async () => {
    const s = std(catA, 2);
    const before = (await history(a, s.assetId)).json().responseData.value;
    expect(before).toEqual({
      standard: {
        assetId: s.assetId,
        designation: 'S2-24',
        title: 'Standard Test Method number 2 for Tensile Properties',
        status: 'active',
        edition: '2024',
        publishedOn: '2024-03-01',
      },
      entries: [],
    });
    await apply({
      id: 'h-1',
      type: 'new_edition',
      standard: { assetId: s.assetId },
      designation: 'S2-26',
      edition: '2026',
      publishedOn: '2026-05-01',
      occurredAt: '2026-05-01T09:00:00Z',
      summary: 'Clause 7 rewritten.',
      compareUrl: 'https://example.org/s2/redline',
    });
    await apply({
      id: 'h-2',
      type: 'withdrawal',
      standard: { assetId: s.assetId },
      occurredAt: '2026-09-01T09:00:00Z',
      note: 'No replacement.',
    });
    const res = await history(a, s.assetId);
    expect(res.statusCode).toBe(200);
    const { standard, entries } = res.json().responseData.value;
    expect(standard).toMatchObject({ designation: 'S2-26', status: 'withdrawn', edition: '2026' });
    expect(entries).toEqual([
      {
        kind: 'withdrawal',
        occurredAt: '2026-09-01T09:00:00Z',
        designation: 'S2-26',
        oldDesignation: null,
        edition: '2026',
        status: 'withdrawn',
        oldStatus: 'active',
        date: '2026-05-01',
        summary: null,
        compareUrl: null,
        note: 'No replacement.',
        successor: null,
      },
      {
        kind: 'new_edition',
        occurredAt: '2026-05-01T09:00:00Z',
        designation: 'S2-26',
        oldDesignation: 'S2-24',
        edition: '2026',
        status: 'active',
        oldStatus: null,
        date: '2026-05-01',
        summary: 'Clause 7 rewritten.',
        compareUrl: 'https://example.org/s2/redline',
        note: null,
        successor: null,
      },
    ]);
  });

  it('a replacement shows in the history of both standards, replaced → successor', async () => {
    const [old, next] = [std(catA, 4), std(catA, 5)];
    await apply({
      id: 'h-3',
      type: 'withdrawal',
      standard: { assetId: old.assetId },
      replacedBy: { assetId: next.assetId },
      occurredAt: '2026-10-01T09:00:00Z',
    });
    for (const assetId of [old.assetId, next.assetId]) {
      const { entries } = (await history(a, assetId)).json().responseData.value;
      expect(entries).toEqual([
        expect.objectContaining({ kind: 'withdrawal', successor: { from: 'S4-24', to: 'S5-24' } }),
      ]);
    }
  });

  it("another store's standard of the same id shows that store's history only", async () => {
    // s-2 exists in both catalogues; the changes above were a's.
    const res = await history(b, 's-2');
    expect(res.statusCode).toBe(200);
    expect(res.json().responseData.value.entries).toEqual([]);
    expect(res.json().responseData.value.standard.designation).toBe('S2-24');
  });

  it('an unknown standard is 404; a bad id is 400; no token is 401', async () => {
    expectError(await history(a, 'no-such-standard'), 404);
    expectError(await history(a, 'x'.repeat(10_000)), 400);
    expectError(await history(a, 's-1\u0000'), 400);
    const missing = await a.call(await a.createUser(), { url: STANDARD_HISTORY_PATH });
    expectError(missing, 400);
    expectError(await a.call(null, { url: `${STANDARD_HISTORY_PATH}?assetId=s-1` }), 401);
  });
});
