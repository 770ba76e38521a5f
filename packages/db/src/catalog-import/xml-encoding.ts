import { isUtf8 } from 'node:buffer';

/**
 * An XML file's bytes → UTF-8 bytes, read as the file says it is encoded, or a refusal naming why. The
 * STS parser reads UTF-8; a file declaring another encoding is decoded here first, and a file whose bytes
 * are not what it declares is refused rather than read as mojibake (every title would be stored wrong):
 * "declares encoding ISO-8859-1 but its bytes are not ISO-8859-1".
 *
 * Read: UTF-8 (also without a declaration: XML's default), UTF-16 (a byte order mark or `<?` as 16-bit
 * units tells the byte order), ISO-8859-1, windows-1252 and US-ASCII (a subset of UTF-8). Any other
 * declared encoding is refused. Decoding is strict (UTF-8 checked by `isUtf8`, without decoding; UTF-16
 * by TextDecoder with `fatal`), and the 8-bit encodings, in which every byte decodes to something, are
 * checked further:
 * - ISO-8859-1 bytes 0x80–0x9F are C1 control characters, never text; windows-1252 leaves five bytes
 *   undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D): either means the declaration is wrong;
 * - a file declaring an 8-bit encoding whose bytes are valid UTF-8 with multi-byte sequences is UTF-8 under a
 *   wrong declaration (real Latin-1 text practically never forms such sequences: "Ã©" in place of "é").
 * The bytes handed on have no byte order mark; re-encoded ones have a declaration that names UTF-8.
 */

export type XmlDecoding = { ok: true; utf8: Uint8Array } | { ok: false; reason: string };

type Family = 'utf-8' | 'utf-16le' | 'utf-16be' | 'ascii-compatible';

/** Declared names (lower case) → the encoding they mean. */
const ACCEPTED: Record<
  string,
  'UTF-8' | 'UTF-16' | 'UTF-16LE' | 'UTF-16BE' | 'ISO-8859-1' | 'windows-1252' | 'US-ASCII'
> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'utf-16le': 'UTF-16LE',
  'utf-16be': 'UTF-16BE',
  'iso-8859-1': 'ISO-8859-1',
  'iso_8859-1': 'ISO-8859-1',
  latin1: 'ISO-8859-1',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'us-ascii': 'US-ASCII',
  ascii: 'US-ASCII',
};
const ACCEPTED_NAMES = 'UTF-8, UTF-16, ISO-8859-1, windows-1252 or US-ASCII';

/** Bytes that windows-1252 leaves undefined. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** What the first bytes say about the encoding family (XML 1.0 appendix F), and the byte order mark's length. */
function sniff(bytes: Uint8Array): { family: Family | 'utf-32' | 'ebcdic'; bom: number } {
  if (startsWith(bytes, 0x00, 0x00, 0xfe, 0xff) || startsWith(bytes, 0xff, 0xfe, 0x00, 0x00))
    return { family: 'utf-32', bom: 4 };
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return { family: 'utf-8', bom: 3 };
  if (startsWith(bytes, 0xfe, 0xff)) return { family: 'utf-16be', bom: 2 };
  if (startsWith(bytes, 0xff, 0xfe)) return { family: 'utf-16le', bom: 2 };
  if (startsWith(bytes, 0x00, 0x3c, 0x00, 0x3f)) return { family: 'utf-16be', bom: 0 };
  if (startsWith(bytes, 0x3c, 0x00, 0x3f, 0x00)) return { family: 'utf-16le', bom: 0 };
  if (startsWith(bytes, 0x4c, 0x6f, 0xa7, 0x94)) return { family: 'ebcdic', bom: 0 };
  return { family: 'ascii-compatible', bom: 0 };
}

const XML_DECLARATION = /^<\?xml\s[^?>]*\?>/;
const ENCODING_ATTRIBUTE = /(\sencoding\s*=\s*)(["'])([^"']*)\2/;

/** The declared encoding (as written), read from the file's start in its family's code units. */
function declaredEncoding(bytes: Uint8Array, family: Family, bom: number): string | undefined {
  const head = bytes.subarray(bom, bom + 512);
  const text =
    family === 'utf-16le' || family === 'utf-16be'
      ? new TextDecoder(family).decode(head.subarray(0, head.length - (head.length % 2)))
      : Buffer.from(head.buffer, head.byteOffset, head.length).toString('latin1');
  const declaration = XML_DECLARATION.exec(text)?.[0];
  return declaration ? ENCODING_ATTRIBUTE.exec(declaration)?.[3] : undefined;
}

function strictDecode(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const hasHighBytes = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80);

/** Text → UTF-8 bytes, with a declaration that now names UTF-8. */
function asUtf8(text: string): XmlDecoding {
  const declaration = XML_DECLARATION.exec(text)?.[0];
  const relabelled = declaration
    ? text.replace(declaration, declaration.replace(ENCODING_ATTRIBUTE, '$1$2UTF-8$2'))
    : text;
  return { ok: true, utf8: Buffer.from(relabelled, 'utf8') };
}

const refuse = (reason: string): XmlDecoding => ({ ok: false, reason });

/** The 8-bit encodings, where every byte decodes: the checks that tell a wrong declaration. */
function decodeEightBit(
  bytes: Uint8Array,
  name: 'ISO-8859-1' | 'windows-1252',
  written: string,
): XmlDecoding {
  const wrong = `declares encoding ${written} but its bytes are not ${name}`;
  const undefinedByte =
    name === 'ISO-8859-1'
      ? bytes.findIndex((b) => b >= 0x80 && b <= 0x9f)
      : bytes.findIndex((b) => CP1252_UNDEFINED.has(b));
  if (undefinedByte >= 0)
    return refuse(
      `${wrong} (byte 0x${bytes[undefinedByte]!.toString(16).toUpperCase()} at offset ${undefinedByte} is not a character of it)`,
    );
  if (hasHighBytes(bytes) && isUtf8(bytes))
    return refuse(`declares encoding ${written} but its bytes are UTF-8`);
  const text =
    name === 'ISO-8859-1'
      ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
      : new TextDecoder('windows-1252').decode(bytes);
  return asUtf8(text);
}

/** The file's bytes as UTF-8, decoded as its declaration (or byte order mark) says; or why not. */
export function decodeXmlBytes(bytes: Uint8Array): XmlDecoding {
  const { family, bom } = sniff(bytes);
  if (family === 'utf-32') return refuse(`is encoded in UTF-32, which is not read (only ${ACCEPTED_NAMES})`);
  if (family === 'ebcdic') return refuse(`is encoded in EBCDIC, which is not read (only ${ACCEPTED_NAMES})`);
  const written = declaredEncoding(bytes, family, bom);
  const sixteenBit = family === 'utf-16le' || family === 'utf-16be';
  const body = bytes.subarray(bom);
  if (written === undefined && !sixteenBit)
    return isUtf8(body)
      ? { ok: true, utf8: body }
      : refuse('has no encoding declaration, so it must be UTF-8, but its bytes are not UTF-8');
  if (written === undefined) {
    const text = strictDecode(family, body);
    return text === undefined
      ? refuse('has no encoding declaration and its bytes are not UTF-16')
      : asUtf8(text);
  }
  const declared = ACCEPTED[written.toLowerCase()];
  if (!declared) return refuse(`declares encoding ${written}, which is not read (only ${ACCEPTED_NAMES})`);
  if (declared === 'UTF-16' || declared === 'UTF-16LE' || declared === 'UTF-16BE') {
    const order = declared === 'UTF-16BE' ? 'utf-16be' : declared === 'UTF-16LE' ? 'utf-16le' : family;
    if (!sixteenBit || order !== family)
      return refuse(`declares encoding ${written} but its bytes are not ${declared}`);
    const text = strictDecode(family, body);
    return text === undefined
      ? refuse(`declares encoding ${written} but its bytes are not ${declared}`)
      : asUtf8(text);
  }
  if (sixteenBit) return refuse(`declares encoding ${written} but its bytes are UTF-16`);
  if (declared === 'UTF-8' || declared === 'US-ASCII') {
    const valid = declared === 'UTF-8' ? isUtf8(body) : !hasHighBytes(body);
    return valid
      ? { ok: true, utf8: body }
      : refuse(`declares encoding ${written} but its bytes are not ${declared}`);
  }
  if (family === 'utf-8')
    return refuse(`declares encoding ${written} but starts with a UTF-8 byte order mark`);
  return decodeEightBit(body, declared, written);
}
