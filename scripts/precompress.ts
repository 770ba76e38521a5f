import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes `file.br` and `file.gz` beside every text file of a built directory, once at build time, at the
 * highest settings (the server then serves them by content negotiation and compresses nothing per request).
 * A rendition that would not be smaller than the file is not written.
 */
const TEXT = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
const MIN_BYTES = 512;

export function precompressDirectory(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    if (!TEXT.test(path) || !statSync(path).isFile()) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    totals.files++;
    totals.bytes += body.length;
    totals.brotli += Math.min(br.length, body.length);
  }
  return totals;
}
