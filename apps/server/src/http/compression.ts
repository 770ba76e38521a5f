import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of dynamic answers (JSON, HTML pages rendered per request) above 1 KB, Brotli or gzip by the
 * client's Accept-Encoding. Brotli at quality 4: per-request compression must stay cheap (the portal's
 * static files are compressed once, at build time, at the highest settings, and served as they are).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Methods whose requests Fastify never reads a body of: nothing to decompress. */
const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Request bodies sent with Content-Encoding (gzip, deflate, br) are decompressed before parsing, on the
 * routes that read a body: a GET or HEAD route gets no decompression hook, so its requests skip a hook that
 * could only ever pass them through (the tracker list, the hottest call, is a GET). Added before the plugin's
 * own onRoute hook, which reads `decompress`.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => BODYLESS.has(m))) route.decompress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
