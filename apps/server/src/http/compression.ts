import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of dynamic answers (JSON, HTML pages rendered per request) above 1 KB, Brotli or gzip by the
 * client's Accept-Encoding. Brotli at quality 4: per-request compression must stay cheap (the portal's
 * static files are compressed once, at build time, at the highest settings, and served as they are).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
