/**
 * Quoted-printable (RFC 2045 §6.7) for the notification e-mail's HTML part, written so that pieces can be
 * encoded separately and joined: every piece starts at column 0 and `joinQuotedPrintable` puts a soft line
 * break ("=\r\n", which decoders drop) between pieces. The template's static parts are encoded ONCE per
 * compiled message; per recipient only the few filled-in parts are encoded (nodemailer would otherwise scan
 * and encode the whole ~20 kB body for every e-mail, the sender's largest CPU cost).
 *
 * Line breaks (LF or CRLF) become hard CRLF breaks; lines are at most 76 characters including a soft break's
 * "="; "=", control characters and non-ASCII bytes (UTF-8) are =XX; a space or tab before a hard break is encoded.
 */

const HEX = Array.from({ length: 256 }, (_, b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`);

const encoder = new TextEncoder();

export function encodeQuotedPrintable(text: string): string {
  const bytes = encoder.encode(text);
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0d && bytes[i + 1] === 0x0a) continue; // CRLF: handled at the LF
    if (b === 0x0a) {
      const last = line.charCodeAt(line.length - 1);
      if (last === 0x20 || last === 0x09) line = line.slice(0, -1) + HEX[last];
      out.push(line, '\r\n');
      line = '';
      continue;
    }
    const token =
      (b >= 0x21 && b <= 0x7e && b !== 0x3d) || b === 0x20 || b === 0x09 ? String.fromCharCode(b) : HEX[b]!;
    if (line.length + token.length > 75) {
      out.push(line, '=\r\n');
      line = '';
    }
    line += token;
  }
  const last = line.charCodeAt(line.length - 1);
  if (last === 0x20 || last === 0x09) line = line.slice(0, -1) + HEX[last];
  out.push(line);
  return out.join('');
}

/** RFC 2045 decoding (reading back what was sent): soft breaks vanish, =XX are bytes, CRLF stays a line break. */
export function decodeQuotedPrintable(qp: string): string {
  const s = qp.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=') {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(s.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Joins separately encoded pieces with soft line breaks (each piece restarts at column 0). */
export const joinQuotedPrintable = (pieces: string[]): string => pieces.join('=\r\n');

/**
 * An HTML template cut at every occurrence of its tokens, the static pieces encoded once; `fill` encodes only
 * the values and joins. Decoded, `fill(values)` is the HTML with each token replaced by its value.
 */
export function encodedTemplate<K extends string>(
  html: string,
  tokens: Record<K, string>,
): (values: Record<K, string>) => string {
  const slots: Array<{ key: K; at: number }> = [];
  for (const key of Object.keys(tokens) as K[]) {
    const token = tokens[key];
    for (let at = html.indexOf(token); at >= 0; at = html.indexOf(token, at + token.length))
      slots.push({ key, at });
  }
  slots.sort((a, b) => a.at - b.at);
  const staticPieces: string[] = [];
  let from = 0;
  for (const slot of slots) {
    staticPieces.push(encodeQuotedPrintable(html.slice(from, slot.at)));
    from = slot.at + tokens[slot.key].length;
  }
  staticPieces.push(encodeQuotedPrintable(html.slice(from)));
  return (values) => {
    const encoded = new Map<K, string>();
    const pieces: string[] = [staticPieces[0]!];
    slots.forEach((slot, i) => {
      let value = encoded.get(slot.key);
      if (value === undefined) {
        value = encodeQuotedPrintable(values[slot.key]);
        encoded.set(slot.key, value);
      }
      pieces.push(value, staticPieces[i + 1]!);
    });
    return joinQuotedPrintable(pieces);
  };
}
