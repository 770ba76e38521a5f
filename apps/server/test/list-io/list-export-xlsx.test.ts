import { inflateRawSync } from 'node:zlib';
import type { ExportedStandard } from '@trackwell/db';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { listCsv, listXlsx } from '../../src/modules/list-io/export-file.ts';

/**
 * The apostrophe that keeps "=…" from being a formula belongs to CSV, which has no cell types. In the XLSX
 * export every cell is a typed string in the Text format, so the title reads exactly as the catalogue has it.
 */
const standard = (title: string): ExportedStandard => ({
  designation: 'D638-22',
  title,
  titles: {},
  status: 'active',
  edition: '2022',
  publishedOn: '2022-01-15',
  publisher: '+Publisher',
});

/** The files of a ZIP archive by name (from its central directory; stored or deflated entries). */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = new Map<string, string>();
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const [nameLength, extra, comment] = [28, 30, 32].map((o) => zip.readUInt16LE(at + o)) as [
      number,
      number,
      number,
    ];
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

describe('the list export', () => {
  const formulaTitle = '=HYPERLINK("http://evil")';

  it('writes an XLSX title starting with "=" as the text itself: no apostrophe, no formula', async () => {
    const xlsx = await listXlsx([standard(formulaTitle)], 'en');
    const rows = await readSheet(xlsx);
    expect(rows[1]).toEqual(['D638-22', formulaTitle, 'active', '2022', '2022-01-15', '+Publisher']);
    const files = unzip(xlsx);
    const sheet = [...files].find(([name]) => name.startsWith('xl/worksheets/sheet'))?.[1] ?? '';
    expect(sheet).not.toMatch(/<f[ >]/);
    const cells = sheet.match(/<c [^>]*>/g) ?? [];
    expect(cells).toHaveLength(12);
    for (const cell of cells) expect(cell).toMatch(/ t="(s|inlineStr|str)"/);
    expect(files.get('xl/styles.xml')).toMatch(/numFmtId="49"|formatCode="@"/);
    expect([...files.values()].join('')).not.toContain(`'${formulaTitle.replaceAll('"', '&quot;')}`);
  });

  it('keeps the apostrophe guard in CSV, where a cell has no type', () => {
    const csv = listCsv([standard(formulaTitle)], 'en');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`"'+Publisher"`);
  });
});
