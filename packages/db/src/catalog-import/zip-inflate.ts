import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Reading a ZIP held in memory without trusting what its headers declare: the one inflater of the STS batch
 * (zip.ts) and of every Excel workbook (xlsx.ts: the console's catalogue import, a user's list import).
 * yauzl (pure JavaScript over Node's zlib) reads the archive from its central directory and refuses an entry
 * that inflates to more than its header declares; `inflateCounted` hands the size of every chunk to the
 * caller's count as it comes out, so a limit stops the inflating at once, whatever the headers say.
 */

/** Why an entry could not be inflated (the caller names the entry and its own refusal). */
export class InflateError extends Error {}

const count = (n: number) => n.toLocaleString('en');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** Opens the archive; yauzl's own error (not a ZIP, truncated) is thrown as it is. */
export const openZip = (bytes: Uint8Array) =>
  yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    decodeStrings: true,
    validateEntrySizes: true,
    strictFileNames: false,
  });

function inflateFailure(entry: yauzl.Entry, message: string) {
  if (/too many bytes/.test(message))
    return `inflates to more than the ${count(entry.uncompressedSize)} bytes its header declares: the archive is corrupt or crafted`;
  if (/not enough bytes/.test(message))
    return `inflates to fewer than the ${count(entry.uncompressedSize)} bytes its header declares: the archive is corrupt`;
  return `cannot be inflated (${message})`;
}

/**
 * The entry's inflated bytes. `onChunk(size)` sees each chunk's size before it is kept and may throw (a limit
 * passed): that error ends the inflating at once and is thrown as it is. Anything else that goes wrong (the
 * stream, a size the header did not declare, a CRC-32 that does not match) is an `InflateError`.
 */
export async function inflateCounted(
  archive: yauzl.ZipFile,
  entry: yauzl.Entry,
  onChunk: (size: number) => void,
): Promise<Buffer> {
  const stream: Readable = await archive.openReadStreamPromise(entry).catch((error: unknown) => {
    throw new InflateError(`cannot be read (${messageOf(error)})`);
  });
  const chunks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let limitPassed = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      limitPassed = true; // until onChunk returns: what it throws is the caller's own
      onChunk(chunk.length);
      limitPassed = false;
      size += chunk.length;
      crc = crc32(chunk, crc);
      chunks.push(chunk);
    }
  } catch (error) {
    if (limitPassed) throw error;
    throw new InflateError(inflateFailure(entry, messageOf(error)));
  } finally {
    stream.destroy();
  }
  if (crc !== entry.crc32)
    throw new InflateError('is corrupt: its bytes do not match the CRC-32 the archive records');
  return Buffer.concat(chunks, size);
}
