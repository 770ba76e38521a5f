import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A ZIP writer for tests and benchmarks: small, in memory, and willing to lie. Production code only reads
 * archives (catalog-import/zip.ts); this builds the ones it must read and the ones it must refuse: headers
 * that declare sizes the data does not have, a wrong CRC, the encrypted flag, an unknown compression method,
 * and more entries than a classic archive can count (a Zip64 end record past 65,535 entries).
 */

export interface ZipEntryInput {
  name: string;
  /** The entry's content (inflated). Give `deflated` instead for data already compressed. */
  data?: Uint8Array;
  /** Stored (0) or deflated (8, the default when `data` is given). */
  method?: 0 | 8 | number;
  /** Raw deflate stream and the true inflated size and CRC-32, for content too large to hold inflated. */
  deflated?: { bytes: Uint8Array; size: number; crc: number };
  /** Lies: the inflated size both headers declare, the CRC-32 they record, general-purpose flags. */
  declaredSize?: number;
  crc?: number;
  flags?: number;
}

interface Prepared {
  name: Buffer;
  data: Uint8Array;
  method: number;
  size: number;
  crc: number;
  flags: number;
}

function prepare(entry: ZipEntryInput): Prepared {
  const method = entry.method ?? 8;
  const raw = entry.data ?? new Uint8Array();
  const data = entry.deflated ? entry.deflated.bytes : method === 8 ? deflateRawSync(raw) : raw;
  return {
    name: Buffer.from(entry.name, 'utf8'),
    data,
    method,
    size: entry.declaredSize ?? (entry.deflated ? entry.deflated.size : raw.length),
    crc: entry.crc ?? (entry.deflated ? entry.deflated.crc : crc32(raw)),
    flags: (entry.flags ?? 0) | 0x0800, // bit 11: the name is UTF-8
  };
}

/** Writes the fields local and central headers share (version needed … inflated size) at `at`. */
function writeCommon(out: Buffer, at: number, e: Prepared) {
  out.writeUInt16LE(20, at);
  out.writeUInt16LE(e.flags, at + 2);
  out.writeUInt16LE(e.method, at + 4);
  out.writeUInt32LE(0x00210000, at + 6); // modified: 1980-01-01 00:00
  out.writeUInt32LE(e.crc >>> 0, at + 10);
  out.writeUInt32LE(e.data.byteLength, at + 14);
  out.writeUInt32LE(e.size >>> 0, at + 18);
  out.writeUInt16LE(e.name.length, at + 22);
}

/** Builds a ZIP archive of the entries, in order (one buffer, written in place: 100,000 entries are quick). */
export function buildZip(entries: ZipEntryInput[]): Buffer {
  const prepared = entries.map(prepare);
  const localBytes = prepared.reduce((sum, e) => sum + 30 + e.name.length + e.data.byteLength, 0);
  const centralBytes = prepared.reduce((sum, e) => sum + 46 + e.name.length, 0);
  const zip64 = prepared.length > 0xfffe;
  const out = Buffer.alloc(localBytes + centralBytes + (zip64 ? 56 + 20 : 0) + 22);
  let at = 0;
  const offsets: number[] = [];
  for (const e of prepared) {
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    writeCommon(out, at + 4, e);
    out.writeUInt16LE(0, at + 28);
    e.name.copy(out, at + 30);
    at += 30 + e.name.length;
    out.set(e.data, at);
    at += e.data.byteLength;
  }
  const directoryAt = at;
  prepared.forEach((e, i) => {
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    writeCommon(out, at + 6, e);
    // extra, comment, disk, internal and external attributes: zero (Buffer.alloc)
    out.writeUInt32LE(offsets[i]!, at + 42);
    e.name.copy(out, at + 46);
    at += 46 + e.name.length;
  });
  const count = prepared.length;
  if (zip64) {
    const zip64At = at;
    out.writeUInt32LE(0x06064b50, at);
    out.writeBigUInt64LE(44n, at + 4);
    out.writeUInt16LE(45, at + 12);
    out.writeUInt16LE(45, at + 14);
    out.writeBigUInt64LE(BigInt(count), at + 24);
    out.writeBigUInt64LE(BigInt(count), at + 32);
    out.writeBigUInt64LE(BigInt(centralBytes), at + 40);
    out.writeBigUInt64LE(BigInt(directoryAt), at + 48);
    at += 56;
    out.writeUInt32LE(0x07064b50, at);
    out.writeBigUInt64LE(BigInt(zip64At), at + 8);
    out.writeUInt32LE(1, at + 16);
    at += 20;
  }
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(zip64 ? 0xffff : count, at + 8);
  out.writeUInt16LE(zip64 ? 0xffff : count, at + 10);
  out.writeUInt32LE(centralBytes, at + 12);
  out.writeUInt32LE(directoryAt, at + 16);
  return out;
}

/**
 * `bytes` zero bytes as one raw deflate stream, built 1 MiB at a time (never held inflated): a zip bomb's
 * payload. Each block is compressed alone and full-flushed (it ends on a byte boundary, not final), so the
 * blocks concatenate into one valid stream; only the last is final.
 */
export function deflatedZeros(bytes: number): { bytes: Buffer; size: number; crc: number } {
  const block = Buffer.alloc(Math.min(bytes, 1024 * 1024));
  let crc = 0;
  const out: Buffer[] = [];
  for (let left = bytes; left > 0; left -= block.length) {
    const last = left <= block.length;
    const chunk = last ? block.subarray(0, left) : block;
    crc = crc32(chunk, crc);
    out.push(deflateRawSync(chunk, { level: 9, ...(last ? {} : { finishFlush: constants.Z_FULL_FLUSH }) }));
  }
  return { bytes: Buffer.concat(out), size: bytes, crc };
}
