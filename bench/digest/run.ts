/**
 * Digest benchmark: N daily-digest users (default 100,000) with 5 changes each → the daily
 * digests built and handed to an SMTP sink through the real sender (set-based build, claim, render in each
 * user's language, pooled nodemailer, marked sent), beside the reference measured in the same run: raw
 * pooled nodemailer sending the same number of pre-rendered messages of the same size to the same sink
 * (`bench/smtp-sink.ts`, shared with bench/fanout). Prints the matching that fills the outbox (setup, not
 * timed against the goal), the build statement alone, the whole digest run, both rates, their ratio
 * (goal ≥ 0.7, issue "Efficiency": the median of BENCH_ROUNDS rounds, default 3, each a day with new changes,
 * interleaved with the reference), the memory peak and the load average (bench/report.ts).
 *
 *   node bench/digest/run.ts [--users 100000] [--connections 5] [--explain]   (--explain: the build's plan first)
 *   TEST_DATABASE_URL=postgres://… node bench/digest/run.ts   (a throw-away database on that server)
 *
 * Measured beside a CI run on 2 cores (noisy: compare the ratio, not the rates):
 *   PostgreSQL, 2,000 users: build 4.2–4.5 s (2,300 rows/s) while the planner compared every new digest with
 *     every held row; with the held rows found per digest (LATERAL), 0.43–0.48 s (20,700–23,300 rows/s);
 *     digests sent one at a time 58 digests/s, over the SMTP connections 65–92/s; reference 177–383/s;
 *     ratio 0.24–0.36 → 0.36–0.43 (goal ≥ 0.5, not met). Most of the send phase is nodemailer scanning
 *     and quoted-printable encoding each digest's 17 kB HTML (the change e-mails pre-encode theirs).
 *   PGlite, 1,000 users: build 3.8–4.5 s → 1.0 s; 39–44 digests/s (its one connection: the claim and the
 *     per-digest sent mark); ratio 0.16–0.20.
 * 2026-11-26, PostgreSQL, 100,000 users (500,000 changes), 2 cores shared with a CI run and a busy loop:
 *   first run: the claims were planned on statistics of before the build (a few pending digests): each claim
 *     sorted every pending digest, ~20 digests/s, until an ANALYZE (by hand, at 6,500 sent) made it ~330/s;
 *     createDueDigests now analyses after a build of 1,000 or more. That run: 88 digests/s, reference
 *     144/s, ratio 0.61, build 50.8 s, RSS peak 456 MB.
 *   final code (claims overlapping the sends, statistics refreshed): matching 43.9 s, build 65.6 s
 *     (7,618 rows/s, with the ANALYZE), 100,000 sent in 1,132 s (88 digests/s), reference 858 s (117/s),
 *     ratio 0.76 (goal ≥ 0.5), RSS peak 450 MB. 2,000 users on the same code: 184–190 digests/s, ratio
 *     0.39–0.61 (the reference moved from 312 to 466/s between runs).
 * 2026-11-30, night, PostgreSQL, 2,000 users, 3 rounds interleaved (load 2): 0.52× (317 digests/s) before;
 *   after three changes from a --cpu-prof of the run alone (`transport.send` and rendering were its CPU):
 *   a change shared by many recipients rendered and encoded once per compiled digest (digest-mail.ts), the
 *   quoted-printable encoder copying literal runs (qp.ts), and CRLF text given to nodemailer instead of its
 *   newline stream (transport.ts): 1.00× (608 digests/s). Without the first (every entry rendered for each
 *   recipient, the other two kept): 0.67×. This bench's sizes were counted with two regular expressions
 *   over every digest (3% of the run, charged to the product's side): now over the first 200.
 *
 * 2026-12-02: at bench/all's quick size (500 users) the first round ran at 168 digests/s against 388-427 for
 * the next two (JIT, templates compiled once), a ratio of 0.33 in round 1. Up to 20,000 users (bench/report.ts
 * WARM_UP_UP_TO) a round 0 of each side now runs first and is not counted: 0.61x -> 0.82x (3 rounds each).
 */
import { parseArgs } from 'node:util';
import type { CatalogEvent } from '@trackwell/contracts';
import {
  applyCatalogEvent,
  createDueDigests,
  type DatabaseHandle,
  DUE_DIGESTS_SQL,
  upsertTenant,
} from '@trackwell/db';
import { buildTenantDefinition } from '@trackwell/db/testing';
import { createDigestRunner } from '../../apps/server/src/modules/notifications/digests.ts';
import { createMailContent } from '../../apps/server/src/modules/notifications/mail-content.ts';
import {
  createSmtpTransport,
  type MailTransport,
} from '../../apps/server/src/modules/notifications/transport.ts';
import { storeOrigin } from '../../apps/server/src/modules/tenants/public-urls.ts';
import { interleaved, median, ROUNDS, report, times, WARM_UP_UP_TO } from '../report.ts';
import { measureRawNodemailer, openMailBench } from '../smtp-sink.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '5' },
    explain: { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const CONNECTIONS = Number(values.connections);
const CHANGES = 5;
const RULES = { standard: true, committee: true, industryArea: true, publisher: true, workItem: true };

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

async function setUp(db: DatabaseHandle) {
  const tenant = await db.transaction((tx) => upsertTenant(tx, buildTenantDefinition({ name: 'Bench' })));
  const t = tenant.id;
  await db.query(`INSERT INTO publishers VALUES ($1, 'PUB1', 'First Publisher')`, [t]);
  await db.query(`INSERT INTO committees VALUES ($1, 'D20', 'Plastics', 'PUB1')`, [t]);
  await db.query(
    `INSERT INTO standards (tenant_id, asset_id, content_code, designation, title, publisher_code,
       committee_designation, status, edition, published_on)
     SELECT $1, 'S' || g, 'S' || g || '-CC', 'D' || g || '-14', 'Standard ' || g, 'PUB1', 'D20', 'active',
            '2014', '2014-12-15' FROM generate_series(1, $2) g`,
    [t, CHANGES],
  );
  await db.query(
    `INSERT INTO users (id, tenant_id, login, first_name, last_name, locale)
     SELECT gen_random_uuid(), $1, 'bench-' || g || '@example.com', 'User', 'N' || g,
            (ARRAY['en','de','fr_FR','ja','ar','es'])[1 + g % 6] FROM generate_series(1, $2) g`,
    [t, USERS],
  );
  // Everyone tracks the committee; half also the first standard (matched twice: one entry, two reasons).
  await db.query(
    `INSERT INTO source_trackings (tenant_id, user_id, application_code, tracking_type, value)
     SELECT $1, id, 'TRACKER', 'COMMITTEE', 'D20' FROM users WHERE tenant_id = $1`,
    [t],
  );
  await db.query(
    `INSERT INTO content_trackings (tenant_id, user_id, standard_id)
     SELECT $1, u.id, s.id FROM users u JOIN standards s ON s.tenant_id = $1 AND s.asset_id = 'S1'
      WHERE u.tenant_id = $1 AND hashtext(u.login) % 2 = 0`,
    [t],
  );
  // Daily at 08:00 in a handful of zones, chosen long ago.
  await db.query(
    `INSERT INTO notification_schedules (tenant_id, user_id, frequency, hour, weekday, time_zone, updated_at)
     SELECT $1, id, 'daily', 8, 1,
            (ARRAY['UTC','Asia/Tokyo','America/New_York','Europe/Madrid'])[1 + abs(hashtext(login)) % 4],
            '2000-01-01' FROM users WHERE tenant_id = $1`,
    [t],
  );
  return t;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString('en');

/** Digests whose sizes are counted (each count reads the body with two regular expressions: 3% of the run). */
const SIZED = 200;

/**
 * The sender's SMTP transport to the sink, counting the HTML bytes of the first SIZED digests it hands over
 * (for the reference's size).
 */
function countingTransport(port: number) {
  const smtp = createSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, connections: CONNECTIONS });
  const sizes = { messages: 0, htmlBytes: 0, textBytes: 0 };
  const transport: MailTransport = {
    async send(m) {
      if (sizes.messages >= SIZED) return smtp.send(m);
      sizes.messages++;
      // A pre-encoded part is counted as the HTML it encodes (soft breaks dropped, =XX one byte).
      sizes.htmlBytes +=
        typeof m.html === 'string'
          ? m.html.length
          : m.html.quotedPrintable.replace(/=\r\n/g, '').replace(/=[0-9A-F]{2}/g, '.').length;
      sizes.textBytes += m.text.length;
      return smtp.send(m);
    },
    close: () => smtp.close(),
  };
  return { transport, sizes };
}

/** A reference message as large as the digests were on average (their HTML and text bytes). */
function referenceMessage(sizes: { messages: number; htmlBytes: number; textBytes: number }) {
  const htmlSize = Math.round(sizes.htmlBytes / Math.max(1, sizes.messages));
  const textSize = Math.round(sizes.textBytes / Math.max(1, sizes.messages));
  return {
    htmlSize,
    html: `<!doctype html><html><body>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(Math.ceil(htmlSize / 34))}</body></html>`,
    text: 'Lorem ipsum dolor sit amet.\n'.repeat(Math.ceil(textSize / 28)),
  };
}

/** The build statement's plan, run for real (EXPLAIN ANALYZE) and rolled back: where its time goes. */
async function explainBuild(db: DatabaseHandle, now: Date) {
  await db
    .transaction(async (tx) => {
      const plan = await tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${DUE_DIGESTS_SQL}`, [
        now,
        null,
      ]);
      for (const row of plan.rows) process.stdout.write(`  ${Object.values(row)[0]}\n`);
      throw Object.assign(new Error('rolled back'), { rollback: true });
    })
    .catch((error: { rollback?: boolean }) => {
      if (!error.rollback) throw error;
    });
}

/** The medians of the rounds: the build, the digests against the reference (the goal), the memory peak. */
function printSummary(
  product: Array<{ buildMs: number; runMs: number }>,
  reference: number[],
  sizes: { messages: number; htmlBytes: number; textBytes: number },
  sent: number,
  engine: string,
) {
  const rows = USERS * CHANGES;
  const ratio = median(product.map((p, i) => reference[i]! / p.runMs));
  const build = median(product.map((p) => p.buildMs));
  process.stdout.write(
    [
      `  build (SQL, one statement)     ${seconds(build)} median  ${perSecond(rows, build)} rows/s`,
      `  HTML per digest                ${referenceMessage(sizes).htmlSize.toLocaleString('en')} B`,
      `  memory peak (RSS)              ${Math.round(peakRss / 1048576)} MB`,
      '',
    ].join('\n'),
  );
  report({
    what: `daily digest, ${USERS.toLocaleString('en')} users × ${CHANGES} changes / raw nodemailer (${engine})`,
    figure: `${times(ratio)} (${perSecond(sent, median(product.map((p) => p.runMs)))} digests/s, build ${seconds(build)})`,
    goal: '≥ 0.7×',
    met: ratio >= 0.7,
    reference: `${perSecond(sent, median(reference))} e-mails/s`,
  });
}

async function main() {
  const { env, database, db, sink } = await openMailBench(CONNECTIONS);
  process.stdout.write(
    `Digest benchmark: ${USERS.toLocaleString('en')} daily users × ${CHANGES} changes, ${db.location}, ${CONNECTIONS} SMTP connections, ${ROUNDS} rounds\n`,
  );
  const tenantId = await setUp(db);
  const content = createMailContent({
    db,
    origin: (host) => storeOrigin(env.PUBLIC_URL_TEMPLATE, host, env.PORT),
    log: { warn() {} },
  });
  const { transport, sizes } = countingTransport(sink.port);
  const runner = createDigestRunner({ db, env, transport, content });
  const rows = USERS * CHANGES;
  let sent = 0;

  // Each round is a day: CHANGES new changes (the matching fills the outbox: setup, not timed), then at
  // 23:59 UTC (every zone's 08:00 has passed) the run as the job makes it — build, then claim, render,
  // send and mark — with the build timed alone.
  const digestDay = async (round: number) => {
    let t0 = performance.now();
    for (let i = 1; i <= CHANGES; i++) {
      const event = {
        id: `bench-${round}-${i}`,
        type: 'amendment',
        standard: { assetId: `S${i}` },
      } as CatalogEvent;
      await applyCatalogEvent(db, tenantId, event, { source: 'api', rules: RULES });
    }
    const matchingMs = performance.now() - t0;
    const now = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1 + round, 23, 59));
    if (values.explain && round === 1) await explainBuild(db, now);
    sink.reset();
    t0 = performance.now();
    const created = await createDueDigests(db, now);
    const buildMs = performance.now() - t0;
    const result = await runner.run(now);
    await sink.until(result.sent);
    const runMs = performance.now() - t0;
    sink.reset();
    sent = result.sent;
    process.stdout.write(
      `  round ${round}: matching ${seconds(matchingMs)} (${perSecond(rows, matchingMs)} rows/s); build ${seconds(buildMs)} ` +
        `(${created.toLocaleString('en')} digests); built → all sent ${seconds(runMs)}, ${perSecond(result.sent, runMs)} digests/s\n`,
    );
    return { buildMs, runMs, sent: result.sent };
  };
  // The reference sends as many messages as the last day's digests, each of their average size.
  const referenceRun = async () => {
    const { html, text } = referenceMessage(sizes);
    return measureRawNodemailer(sink, { count: sent, connections: CONNECTIONS, html, text });
  };
  if (USERS <= WARM_UP_UP_TO) {
    const day = await digestDay(0);
    const ms = await referenceRun();
    process.stdout.write(
      `  warm-up (round 0), not counted: ${perSecond(day.sent, day.runMs)} digests/s, reference ${perSecond(sent, ms)} e-mails/s\n`,
    );
  }
  const { product, reference } = await interleaved({
    product: digestDay,
    // Round 1 runs the digests first.
    reference: async (round) => {
      const ms = await referenceRun();
      process.stdout.write(
        `  reference, round ${round}: raw nodemailer ${seconds(ms)}, ${perSecond(sent, ms)} e-mails/s\n`,
      );
      return ms;
    },
  });
  await transport.close();
  clearInterval(sampler);
  await sink.close();

  printSummary(product, reference, sizes, sent, db.engine);
  await database.drop();
}

await main();
