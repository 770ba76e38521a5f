import { describe, expect, it } from 'vitest';
import { decodeXmlBytes } from '../src/catalog-import/index.ts';

/**
 * An XML file read as the encoding it declares (xml-encoding.ts, used by the ZIP batch before the STS
 * parser): UTF-8, UTF-16, ISO-8859-1, windows-1252 and US-ASCII are decoded to UTF-8; bytes that are not
 * what the file declares, and other encodings, are refused with a reason naming the declaration.
 */

describe('an XML file decoded as its declaration says', () => {
  const decoded = (bytes: Uint8Array) => {
    const answer = decodeXmlBytes(bytes);
    return answer.ok ? Buffer.from(answer.utf8).toString('utf8') : `refused: ${answer.reason}`;
  };

  it('UTF-8 with or without a declaration or a byte order mark is handed on as it is', () => {
    expect(decoded(Buffer.from('<a>é</a>'))).toBe('<a>é</a>');
    expect(decoded(Buffer.from('\uFEFF<?xml version="1.0" encoding="utf-8"?><a>é</a>'))).toBe(
      '<?xml version="1.0" encoding="utf-8"?><a>é</a>',
    );
  });

  it('ISO-8859-1, windows-1252 and UTF-16 are decoded, and the declaration then names UTF-8', () => {
    expect(decoded(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Sécurité</a>', 'latin1'))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><a>Sécurité</a>',
    );
    const cp1252 = Buffer.concat([
      Buffer.from("<?xml version='1.0' encoding='windows-1252'?><a>"),
      Buffer.from([0x93, 0x4f, 0x4b, 0x94, 0x20, 0x80]),
      Buffer.from('</a>'),
    ]);
    expect(decoded(cp1252)).toBe("<?xml version='1.0' encoding='UTF-8'?><a>\u201cOK\u201d €</a>");
    const utf16 = Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-16"?><a>Größe</a>', 'utf16le');
    expect(decoded(utf16)).toBe('<?xml version="1.0" encoding="UTF-8"?><a>Größe</a>');
  });

  it('bytes that are not what the declaration says are refused, naming it', () => {
    expect(decoded(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Sécurité</a>', 'utf8'))).toBe(
      'refused: declares encoding ISO-8859-1 but its bytes are UTF-8',
    );
    expect(
      decoded(Buffer.from('<?xml version="1.0" encoding="windows-1252"?><a>\u0081</a>', 'latin1')),
    ).toMatch(
      /^refused: declares encoding windows-1252 but its bytes are not windows-1252 \(byte 0x81 at offset \d+/,
    );
    expect(decoded(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><a/>'))).toBe(
      'refused: declares encoding UTF-16 but its bytes are not UTF-16',
    );
    expect(decoded(Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-8"?><a/>', 'utf16le'))).toBe(
      'refused: declares encoding UTF-8 but its bytes are UTF-16',
    );
    expect(decoded(Buffer.from('<?xml version="1.0" encoding="US-ASCII"?><a>é</a>'))).toBe(
      'refused: declares encoding US-ASCII but its bytes are not US-ASCII',
    );
    expect(decoded(Buffer.from('<a>Sécurité</a>', 'latin1'))).toBe(
      'refused: has no encoding declaration, so it must be UTF-8, but its bytes are not UTF-8',
    );
    expect(decoded(Buffer.from('<?xml version="1.0" encoding="EBCDIC-US"?><a/>'))).toMatch(
      /^refused: declares encoding EBCDIC-US, which is not read \(only UTF-8, UTF-16, ISO-8859-1, windows-1252 or US-ASCII\)/,
    );
  });
});
