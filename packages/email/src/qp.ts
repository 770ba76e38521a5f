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

/** Characters written as they are: printable ASCII but "=", and space and tab (encoded before a hard break). */
const isLiteral = (c: number) => (c >= 0x20 && c <= 0x7e && c !== 0x3d) || c === 0x09;

/**
 * Runs of literal characters are copied a line's room at a time (`slice`), not character by character: an
 * HTML part is nearly all such runs, so the per-character work is one comparison. The encoder was 8.6% of
 * bench/digest's CPU (--cpu-prof); a 39 kB text now takes 0.38 ms, 0.82 before. Anything else is written
 * byte by byte of its UTF-8 form, as `=XX` tokens that never straddle a soft break.
 */
export function encodeQuotedPrintable(text: string): string {
  const out: string[] = [];
  let column = 0;
  const token = (t: string) => {
    if (column + t.length > 75) {
      out.push('=\r\n');
      column = 0;
    }
    out.push(t);
    column += t.length;
  };
  /** A space or tab ending a line is encoded (RFC 2045 rule 3), on the next line if it would not fit. */
  const endLine = () => {
    const last = out[out.length - 1];
    const c = column > 0 && last !== undefined ? last.charCodeAt(last.length - 1) : -1;
    if (c !== 0x20 && c !== 0x09) return;
    out[out.length - 1] = last!.slice(0, -1);
    column--;
    token(HEX[c]!);
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isLiteral(c)) {
      let end = i + 1;
      while (end < n && isLiteral(text.charCodeAt(end))) end++;
      while (i < end) {
        if (column >= 75) {
          out.push('=\r\n');
          column = 0;
        }
        const take = Math.min(75 - column, end - i);
        out.push(text.slice(i, i + take));
        column += take;
        i += take;
      }
    } else if (c === 0x0a) {
      endLine();
      out.push('\r\n');
      column = 0;
      i++;
    } else if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) {
      i++; // CRLF: the break is written at its LF
    } else if (c < 0x80) {
      token(HEX[c]!);
      i++;
    } else {
      // One code point (a surrogate pair is two UTF-16 units; a lone surrogate encodes as U+FFFD, as before).
      const next = text.charCodeAt(i + 1);
      const width = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
      for (const b of encoder.encode(text.slice(i, i + width))) token(HEX[b]!);
      i += width;
    }
  }
  endLine();
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

/**
 * Joins separately encoded pieces with soft line breaks (each piece restarts at column 0). A CR ending one
 * piece and an LF starting the next stay two characters, not one line break: the pieces joined here are
 * HTML, cut between elements.
 */
export const joinQuotedPrintable = (pieces: string[]): string => pieces.join('=\r\n');

/** A value given already encoded (pieces joined with `joinQuotedPrintable`): written in as it is. */
export interface QuotedPrintable {
  quotedPrintable: string;
}

/**
 * An HTML template cut at every occurrence of its tokens, the static pieces encoded once; `fill` encodes only
 * the values (those not given encoded already) and joins. Decoded, `fill(values)` is the HTML with each token
 * replaced by its (decoded) value.
 */
export function encodedTemplate<K extends string>(
  html: string,
  tokens: Record<K, string>,
): (values: Record<K, string | QuotedPrintable>) => string {
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
        const given = values[slot.key];
        value = typeof given === 'string' ? encodeQuotedPrintable(given) : given.quotedPrintable;
        encoded.set(slot.key, value);
      }
      pieces.push(value, staticPieces[i + 1]!);
    });
    return joinQuotedPrintable(pieces);
  };
}
