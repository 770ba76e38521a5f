import { readFileSync } from 'node:fs';
import { LIST_IO_PATHS, NOTIFICATION_CENTRE_PATHS as N } from '@trackwell/contracts';
import { applyCatalogImport } from '@trackwell/db';
import { parseStsXml } from '@trackwell/db/catalog-import';
import { buildTenantDefinition, EVERY_MATCHING_RULE } from '@trackwell/db/testing';
import { parseAtomFeed } from 'feedsmith';
import { readSheet } from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrackerTenant, type TestUser, type TrackerTenant } from '../support/tracker-fixtures.ts';
import { issuer, t, useTrackerWorld } from '../support/tracker-world.ts';

/**
 * Titles per language outside the portal: the private Atom feed and the tracked-list export show a
 * standard's title in the reader's language where the catalogue has it, else the main title (contracts
 * `titleIn`, the rule the portal and the e-mails use). The standard is DIN EN ISO 13849-1 from its real STS
 * file (German, English and French titles); one reader prefers German, one English.
 */
useTrackerWorld();

const DIN_13849 = readFileSync(
  new URL(
    '../../../../packages/db/test/fixtures/sts/public/DIN_EN_ISO_13849-1_2008-12_en_TBX.metadata.xml',
    import.meta.url,
  ),
);
const GERMAN = 'Sicherheit von Maschinen — Sicherheitsbezogene Teile von Steuerungen';
const ENGLISH = 'Safety of machinery — Safety-related parts of control systems';

let store: TrackerTenant;
let german: TestUser;
let english: TestUser;

async function reader(locale: string) {
  const user = await store.createUser();
  await t.app.db.query('UPDATE users SET locale = $1 WHERE id = $2', [locale, user.id]);
  await t.app.db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT tenant_id, $2, id FROM standards WHERE tenant_id = $1 AND content_code = 'DIN EN ISO 13849-1'`,
    [store.tenant.id, user.id],
  );
  return user;
}

beforeAll(async () => {
  const ui = { ...buildTenantDefinition().config.ui, languages: ['en' as const, 'de' as const] };
  store = await createTrackerTenant(t, issuer, {}, { ui });
  const first = await applyCatalogImport(t.app.db, store.tenant.id, await parseStsXml(DIN_13849), {
    rules: EVERY_MATCHING_RULE,
  });
  expect(first.outcome).toBe('applied');
  german = await reader('de');
  english = await reader('en');
  // A new edition: both readers are told of it.
  const parsed = await parseStsXml(DIN_13849);
  const din = parsed.rows.find((r) => r.value.kind === 'standard')!.value as { edition: string };
  din.edition = '2015-06';
  const run = await applyCatalogImport(t.app.db, store.tenant.id, parsed, { rules: EVERY_MATCHING_RULE });
  expect(run.events.map((e) => [e.kind, e.recipients])).toEqual([['new_edition', 2]]);
});

describe('the private Atom feed', () => {
  const feedOf = async (user: TestUser) => {
    const url = (await store.call(user, { method: 'POST', url: N.feed })).json().url as string;
    const res = await t.app.inject({ url: new URL(url).pathname, headers: { host: store.host } });
    expect(res.statusCode).toBe(200);
    return parseAtomFeed(res.body).entries ?? [];
  };

  it('titles the entry with the German title for a German reader', async () => {
    const [entry] = await feedOf(german);
    expect(entry?.title?.value).toMatch(
      /^Neue Ausgabe von DIN EN ISO 13849-1:2008-12 — Sicherheit von Maschinen/,
    );
    expect(entry?.content?.value).toContain(`<p>${GERMAN}`);
    expect(entry?.content?.value).not.toContain(ENGLISH);
  });

  it('and with the English one for an English reader', async () => {
    const [entry] = await feedOf(english);
    expect(entry?.title?.value).toMatch(/^New edition of DIN EN ISO 13849-1:2008-12 — Safety of machinery/);
    expect(entry?.content?.value).toContain(`<p>${ENGLISH}`);
    expect(entry?.content?.value).not.toContain(GERMAN);
  });
});

describe('the tracked-list export', () => {
  const exportAs = (user: TestUser, query: string) =>
    store.call(user, { method: 'GET', url: `${LIST_IO_PATHS.export}?${query}` });

  it('writes the German title for a German reader, as CSV and XLSX', async () => {
    const csv = await exportAs(german, 'format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"DIN EN ISO 13849-1:2008-12","${GERMAN}`);
    const rows = await readSheet((await exportAs(german, 'format=xlsx')).rawPayload);
    expect(rows[1]?.[1]).toMatch(new RegExp(`^${GERMAN}`));
  });

  it('writes the English title for an English reader', async () => {
    const csv = await exportAs(english, 'format=csv');
    expect(csv.body).toContain(`"DIN EN ISO 13849-1:2008-12","${ENGLISH}`);
    expect(csv.body).not.toContain(GERMAN);
  });

  it('writes the language the portal asks for (lang), and refuses one that is no language', async () => {
    expect((await exportAs(english, 'format=csv&lang=de')).body).toContain(GERMAN);
    // A language the store does not offer: the reader's own.
    expect((await exportAs(german, 'format=csv&lang=fr_FR')).body).toContain(GERMAN);
    const bad = await exportAs(english, 'format=csv&lang=klingon');
    expect(bad.statusCode).toBe(400);
  });
});
