/*
 * A PNG or JPEG logo, framework-free: its type checked by its first bytes (never by the request's word
 * alone), its width and height read from its header (PNG IHDR; JPEG's first start-of-frame marker), and the
 * SVG that keeps it: the image embedded whole as a base64 data: URI, with its own viewBox. The SVG guard
 * (svgProblems, packages/db) accepts exactly that wrapper; the e-mail PNG renderer draws it.
 */

export type RasterType = 'image/png' | 'image/jpeg';

export interface RasterSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** JPEG start-of-frame markers (baseline, progressive, …): not DHT (C4), JPG (C8) or DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function pngSize(bytes: Buffer): RasterSize | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function jpegSize(bytes: Buffer): RasterSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (SOF.has(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The image's size when its bytes are what `type` says (and it has one); undefined otherwise. */
export function rasterSize(type: RasterType, bytes: Buffer): RasterSize | undefined {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** The logo SVG keeping a PNG or JPEG: the image embedded whole, at its own size. */
export function rasterLogoSvg(type: RasterType, bytes: Buffer, { width, height }: RasterSize): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<image width="${width}" height="${height}" href="data:${type};base64,${bytes.toString('base64')}"/></svg>`
  );
}
