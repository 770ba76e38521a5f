import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { CONSOLE_LOGO_PATH, consoleLogoAnswer, LOGO_UPLOAD_MAX_BYTES } from '@trackwell/contracts';
import { readStoreDefinition, svgProblems } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { rasterLogoSvg, rasterSize } from '../../src/modules/console/logo-image.ts';
import {
  a,
  adminA,
  adminB,
  callAs,
  consoleRowCounts,
  editorA,
  operator,
  t,
  useConsoleWorld,
} from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/** PUT /stores/:code/logo: SVG, PNG or JPEG as the body, kept as the store's logo SVG. */
useConsoleWorld();

/** A PNG of one colour (RGB), made here: signature, IHDR, one IDAT, IEND. */
function tinyPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest JPEG header that says its size (SOI, an APP0, SOF0 of 40×20). */
const JPEG_HEAD = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffc0000b080014002801011100ffd9',
  'hex',
);

const url = (code = a.tenant.code) => CONSOLE_LOGO_PATH.replace(':code', code);
const put = (body: string | Buffer | Readable, type: string, actor = adminA, code?: string, headers = {}) =>
  callAs(actor, {
    method: 'PUT',
    url: url(code),
    payload: body,
    headers: { 'content-type': type, ...headers },
  });
const storedLogo = async () => (await readStoreDefinition(t.app.db, a.tenant.id))!.logoSvg;
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 20"><rect width="80" height="20" fill="#0a0"/></svg>';

describe('PUT /stores/:code/logo', () => {
  it('keeps an SVG as it is, serves it, and audits the change', async () => {
    const res = await put(SVG, 'image/svg+xml');
    expect(res.statusCode).toBe(200);
    expect(consoleLogoAnswer.parse(res.json())).toEqual({
      type: 'image/svg+xml',
      bytes: SVG.length,
      width: null,
      height: null,
      logoUrl: `/assets/${a.tenant.code}/logo.svg`,
    });
    expect(await storedLogo()).toBe(SVG);
    const served = await t.app.inject({ url: `/assets/${a.tenant.code}/logo.svg` });
    expect(served.body).toBe(SVG);
    const audit = await t.app.db.query<{ action: string; after: Record<string, unknown> }>(
      `SELECT action, after FROM console_audit_log WHERE action = 'store.logo' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.after).toMatchObject({ type: 'image/svg+xml', bytes: SVG.length });
  });

  it('refuses an SVG with a script, an event handler or an external reference: 400 naming logo, nothing saved', async () => {
    await put(SVG, 'image/svg+xml');
    const before = await consoleRowCounts();
    for (const hostile of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,AAAA&quot; x"/></svg>',
      'not an svg',
    ]) {
      const body = expectError(await put(hostile, 'image/svg+xml'), 400);
      expect(body.issues?.map((i) => i.path)).toEqual(['logo']);
    }
    expect(await consoleRowCounts()).toEqual(before);
    expect(await storedLogo()).toBe(SVG);
  });

  it('keeps a PNG as an SVG embedding it, which the guard accepts and the e-mail renderer draws', async () => {
    const png = tinyPng(40, 10, [220, 20, 60]);
    const res = await put(png, 'image/png', operator);
    expect(res.statusCode).toBe(200);
    expect(consoleLogoAnswer.parse(res.json())).toMatchObject({ type: 'image/png', width: 40, height: 10 });
    const svg = await storedLogo();
    expect(svg).toBe(rasterLogoSvg('image/png', png, { width: 40, height: 10 }));
    expect(svg).toContain('viewBox="0 0 40 10"');
    expect(svgProblems(svg)).toEqual([]);
    const drawn = await t.app.inject({ url: `/assets/${a.tenant.code}/logo.png` });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    // 10 px high drawn 96 px high: 384 × 96, and not the empty drawing of the same frame.
    expect(drawn.rawPayload.readUInt32BE(16)).toBe(384);
    const empty = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10" width="40" height="10"></svg>';
    await put(empty, 'image/svg+xml');
    const blank = await t.app.inject({ url: `/assets/${a.tenant.code}/logo.png` });
    expect(blank.rawPayload.equals(drawn.rawPayload)).toBe(false);
  });

  it('reads a JPEG size and refuses bytes that are not what the type says', async () => {
    expect(rasterSize('image/jpeg', JPEG_HEAD)).toEqual({ width: 40, height: 20 });
    expect(rasterSize('image/png', JPEG_HEAD)).toBeUndefined();
    const res = await put(JPEG_HEAD, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'image/jpeg', width: 40, height: 20 });
    for (const [bytes, type] of [
      [Buffer.from(SVG), 'image/png'],
      [tinyPng(2, 2, [0, 0, 0]), 'image/jpeg'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const body = expectError(await put(bytes, type), 400);
      expect(body.issues?.[0]?.path).toBe('logo');
    }
  });

  it('answers 413 with the limit, for a declared 50 MB body without reading it, or a streamed one', async () => {
    const before = await consoleRowCounts();
    const max = LOGO_UPLOAD_MAX_BYTES['image/png'];
    let sent = 0;
    const stream = (total: number) =>
      new Readable({
        read() {
          if (sent >= total) return this.push(null);
          sent += 64 * 1024;
          this.push(Buffer.alloc(64 * 1024));
        },
      });
    // Declared: refused on the Content-Length alone, the body never read.
    const declared = await put(stream(50 * 1024 * 1024), 'image/png', adminA, undefined, {
      'content-length': String(50 * 1024 * 1024),
    });
    expect(expectError(declared, 413).message).toContain(String(max));
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    // Streamed without a length: refused once the limit is passed.
    sent = 0;
    const streamed = await put(stream(max + 128 * 1024), 'image/png');
    expect(expectError(streamed, 413).message).toContain(String(max));
    expect(
      expectError(await put('x'.repeat(LOGO_UPLOAD_MAX_BYTES['image/svg+xml'] + 1), 'image/svg+xml'), 413)
        .message,
    ).toContain(String(LOGO_UPLOAD_MAX_BYTES['image/svg+xml']));
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('answers 415 to another content type', async () => {
    for (const type of ['image/gif', 'text/plain', 'application/json', 'image/webp'])
      expectError(await put(type === 'application/json' ? '{"logoSvg":"x"}' : 'GIF89a', type), 415);
  });

  it('is refused to an editor, another store and anonymous callers, and names a missing store to an operator', async () => {
    const before = await consoleRowCounts();
    expectError(await put(SVG, 'image/svg+xml', editorA), 403);
    expectError(await put(SVG, 'image/svg+xml', adminB), 403);
    expectError(await put(SVG, 'image/svg+xml', adminA, 'no-such-store'), 403);
    expectError(
      await callAs(null, {
        method: 'PUT',
        url: url(),
        payload: SVG,
        headers: { 'content-type': 'image/svg+xml' },
      }),
      401,
    );
    expectError(await put(SVG, 'image/svg+xml', operator, 'no-such-store'), 404);
    expect(await consoleRowCounts()).toEqual(before);
  });
});
