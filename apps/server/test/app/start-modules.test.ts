import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * What a start loads before its first request: the server's modules, and what building its app loads. The
 * libraries below serve a feature's first use (an enrolment's QR code, a feed, an e-mail's MJML, a sheet, a
 * passkey, the worker's queue, the API reference page, tracing with a collector); each is imported there,
 * so a process that never serves it never loads it (bench/startup: start time and resident memory).
 */
const ON_FIRST_USE = [
  // Tracing's SDK and instrumentations (the API itself is prom-client's dependency: the metrics load it).
  '@opentelemetry/sdk-trace',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/instrumentation',
  '@opentelemetry/instrumentation-http',
  '@opentelemetry/instrumentation-pg',
  '@opentelemetry/instrumentation-undici',
  '@fastify/otel',
  'qrcode',
  'pngjs',
  'feed',
  'xml-js',
  'mjml',
  'pg-boss',
  'mailparser',
  '@simplewebauthn/',
  'ioredis',
  '@scalar/',
  'read-excel-file',
  'write-excel-file',
  // The catalogue's and the lists' file readers (@trackwell/db/catalog-import, csv-parse): an upload's.
  'csv-parse',
  'saxes',
  'yauzl',
  'fflate',
  'entities',
  'oidc-provider',
  'koa',
  'pdfkit',
  'fontkit',
  'jsdom',
  // Fastify's JSON Schema compilers: every route's schema is Zod's (app.ts gives Fastify Zod's compilers).
  'ajv',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

/** nodemailer's sending side (the first e-mail's); the local sink's SMTP server needs only its shared helpers. */
const SENDING = /\/node_modules\/nodemailer\/dist\/\w+\/(nodemailer\.js|mail-composer\/|smtp-pool\/|dkim\/)/;

const dir = mkdtempSync(join(tmpdir(), 'trackwell-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (path: string) => JSON.stringify(new URL(path, import.meta.url).pathname);

describe('the server’s start', () => {
  it('loads no library that only a feature’s first use needs', { timeout: 120_000 }, async () => {
    // The probe does what a machine's first start does before its first request, on an in-memory database: it
    // imports the start module, migrates, seeds the demo (its stores' logos are written through the SVG guard),
    // and builds and readies the app of every service (each module's registration).
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    const probe = join(dir, 'probe.ts');
    writeFileSync(
      probe,
      [
        "import { registerHooks } from 'node:module';",
        'const loaded = new Set<string>();',
        'registerHooks({ load(url, context, next) { loaded.add(url); return next(url, context); } });',
        `await import(${source('../../src/main.ts')});`,
        `const { openDatabase, migrate } = await import(${source('../../../../packages/db/src/index.ts')});`,
        `const { buildApp } = await import(${source('../../src/app.ts')});`,
        `const { parseEnv, parseServices } = await import(${source('../../src/config/env.ts')});`,
        `const env = parseEnv({ LOG_LEVEL: 'silent', PORTAL_DIST: ${JSON.stringify(dir)} });`,
        'const db = await openDatabase({ memory: true });',
        'await migrate(db);',
        `const { demoOnFirstStart } = await import(${source('../../src/demo-data.ts')});`,
        "if ((await demoOnFirstStart(db, env, undefined)) !== 'created') throw new Error('no demo seeded');",
        'const app = await buildApp({ env, db, services: parseServices(env.SERVICES) });',
        'await app.ready();',
        'console.log(JSON.stringify([...loaded]));',
        'await app.close();',
        'await db.close();',
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [probe], { maxBuffer: 64 * 1024 * 1024 });
    const loaded: string[] = JSON.parse(stdout);
    const packages = new Set(
      loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.slice(1) ?? []),
    );
    expect(packages).toContain('fastify'); // the probe saw the graph
    const early = [...packages].filter((name) =>
      ON_FIRST_USE.some((lib) => (lib.endsWith('/') ? name.startsWith(lib) : name === lib)),
    );
    expect(early).toEqual([]);
    expect(loaded.filter((url) => SENDING.test(url))).toEqual([]);
  });
});
