import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../../scripts/precompress.ts';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

/** First-load weight: the portal's files precompressed at build, dynamic answers compressed above 1 KB. */
describe('compression', () => {
  let t: TestApp;
  let host: string;
  const bundle = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i % 37}`))};\n`;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ host } = await t.createTenant());
    mkdirSync(join(t.distDir, 'app'), { recursive: true });
    writeFileSync(join(t.distDir, 'app', 'main-abc123.js'), bundle);
    writeFileSync(join(t.distDir, 'app', 'tiny-abc123.js'), 'export {};\n');
    writeFileSync(
      join(t.distDir, 'index.html'),
      `<!doctype html><title>portal</title><div id="root"></div>${' '.repeat(600)}`,
    );
    precompressDirectory(t.distDir);
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      url,
      headers: {
        host,
        accept: 'text/html',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('serves the Brotli rendition of a bundle to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await get('/app/main-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    expect(br.rawPayload.length).toBeLessThan(bundle.length / 4);

    const gz = await get('/app/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await get('/app/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('does not write renditions of files too small to gain from them (they are still served whole)', async () => {
    expect(existsSync(join(t.distDir, 'app', 'tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(join(t.distDir, 'app', 'main-abc123.js.br'))).toBe(true);
    const res = await get('/app/tiny-abc123.js');
    expect(res.body).toBe('export {};\n');
  });

  it('serves the page itself compressed too', async () => {
    const res = await get('/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const config = await t.app.inject({
      method: 'POST',
      url: '/config/get-tenant-configuration-for-ui',
      headers: { host, 'accept-encoding': 'br, gzip' },
    });
    expect(config.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(config.rawPayload).toString()).status).toBe('200');

    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('decompresses a request body sent with Content-Encoding before reading it; a GET, which has none, is answered as ever', async () => {
    const signIn = (payload: Buffer, encoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authn',
        headers: {
          host,
          'content-type': 'application/json',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        payload,
      });
    const body = JSON.stringify({ username: 'nobody@example.test', password: 'not-the-password' });
    // Read as JSON once decompressed: the credentials are checked (and refused), not the body's syntax.
    const gzipped = await signIn(gzipSync(body), 'gzip');
    expect(gzipped.statusCode).toBe(401);
    expect(gzipped.json().errorCode).toBe('E0000004');
    const plain = await signIn(Buffer.from(body));
    expect(plain.statusCode).toBe(401);
    expect(plain.json().errorCode).toBe('E0000004');
    // Compressed bytes read as they are would not be JSON: refused as a bad request, not as bad credentials.
    const undeclared = await signIn(gzipSync(body));
    expect(undeclared.statusCode).toBe(400);

    const get = await t.app.inject({
      url: '/healthz',
      headers: { 'content-encoding': 'gzip', 'accept-encoding': 'gzip' },
    });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ status: 'ok' });
  });
});
