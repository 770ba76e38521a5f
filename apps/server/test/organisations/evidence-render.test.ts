import { describe, expect, it } from 'vitest';
import { readUploadedSheet } from '../../src/modules/list-io/read-sheet.ts';
import type { EvidenceReport, EvidenceRow } from '../../src/modules/organisations/evidence/model.ts';
import { evidencePdf } from '../../src/modules/organisations/evidence/pdf.ts';
import { evidenceCsv, evidenceXlsx } from '../../src/modules/organisations/evidence/sheets.ts';
import { pdfItems, pdfLines, pdfText } from '../support/pdf-text.ts';

/**
 * The evidence report's rendering, framework-free: the PDF read back with PDF.js as a reader's tools read
 * it (headings in the reader's language, every row, overdue rows marked; Arabic shaped, in logical order and
 * laid out right to left; Japanese and Korean headings in their embedded fonts), and the CSV and XLSX with
 * the same rows, translated headers and formula cells defused.
 */

const at = (s: string) => new Date(`${s}Z`);
const row = (over: Partial<EvidenceRow>): EvidenceRow => ({
  designation: 'ISO 9001:2015',
  title: 'Quality management systems — Requirements',
  changeKind: 'new_edition',
  openedAt: at('2026-03-01T09:00:00'),
  dueAt: at('2026-03-31T09:00:00'),
  reviewer: 'Amal Haddad',
  decision: 'affected',
  signedOffAt: at('2026-03-20T15:30:00'),
  note: 'Procedure 7.5.3 updated',
  overdue: false,
  ...over,
});

const report = (over: Partial<EvidenceReport> = {}): EvidenceReport => ({
  organisation: { name: 'Acme Water' },
  list: { name: 'Suppliers', responsible: 'Amal Haddad' },
  period: { from: '2026-01-01', to: '2026-12-31' },
  language: 'en',
  generatedAt: at('2026-11-29T10:00:00'),
  rows: [
    row({}),
    row({
      designation: 'ISO 14001:2026',
      title: 'Environmental management systems',
      changeKind: 'amendment',
      decision: null,
      signedOffAt: null,
      reviewer: 'Bo Lindqvist',
      note: '',
      overdue: true,
    }),
  ],
  ...over,
});

const lineWith = (lines: string[], text: string) => lines.find((l) => l.includes(text)) ?? '';

describe('evidence report PDF', () => {
  it('names the organisation, list, period and counts, one line per change, the overdue one marked', async () => {
    const bytes = await evidencePdf(report());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const [page] = await pdfLines(bytes);
    expect(page).toEqual(
      expect.arrayContaining([
        'Review evidence report',
        'Organisation: Acme Water',
        'List: Suppliers',
        'Responsible person: Amal Haddad',
        'Period: 2026-01-01 – 2026-12-31',
        'Generated: 2026-11-29 10:00 UTC',
        'Changes: 2 · overdue: 1',
      ]),
    );
    expect(lineWith(page!, 'Designation')).toContain('Reviewed by Decision Signed off Overdue Note');
    const signed = lineWith(page!, 'ISO 9001:2015');
    expect(signed).toContain('New edition 2026-03-01 2026-03-31 Amal Haddad Affected 2026-03-20');
    expect(signed).not.toContain('Overdue');
    expect(lineWith(page!, 'ISO 14001:2026')).toContain(
      'Amendment 2026-03-01 2026-03-31 Bo Lindqvist Not yet decided — Overdue',
    );
  });

  it('says so when no change opened a review in the period', async () => {
    const text = await pdfText(await evidencePdf(report({ rows: [] })));
    expect(text).toContain('Changes: 0 · overdue: 0');
    expect(text).toContain('No change opened a review in this period.');
  });

  // PDF.js reads a lam-alef ligature's two letters swapped (it reverses the glyph's text as a whole) and a
  // bracket in an Arabic line as the mirrored glyph drawn: the words checked here have neither.
  it('in Arabic: shaped words read back in logical order, columns from the right, dates left to right', async () => {
    const bytes = await evidencePdf(
      report({
        language: 'ar',
        rows: [
          row({ title: 'نظم إدارة الجودة، ISO 9001', note: 'تم تحديث الإجراء في الدليل', overdue: true }),
        ],
      }),
    );
    const [page] = await pdfLines(bytes);
    expect(page![0]).toBe('تقرير أدلة المراجعة');
    expect(page).toContain('المؤسسة: Acme Water');
    expect(page).toContain('عدد التغييرات 1، المتأخرة منها 1');
    // A Latin name and a date keep their own order inside the Arabic line.
    expect(page).toContain('الفترة: 2026-01-01 – 2026-12-31');
    const text = page!.join('\n');
    expect(text).toContain('نظم إدارة الجودة، ISO 9001');
    expect(text).toContain('متأخرة');
    expect(text).toContain('إصدار جديد');
    // Right to left: the first column (designation) stands right of the second (title), the heading flush right.
    const [items] = await pdfItems(bytes);
    const x = (text: string) => items!.find((i) => i.text === text)!.x;
    expect(x('الرمز')).toBeGreaterThan(x('العنوان'));
    expect(x('العنوان')).toBeGreaterThan(x('التغيير'));
    expect(x('تقرير')).toBeGreaterThan(700);
  });

  it('in Japanese and Korean: the headings in the embedded CJK fonts', async () => {
    const ja = await pdfText(await evidencePdf(report({ language: 'ja' })));
    expect(ja).toContain('レビュー証跡レポート');
    expect(ja).toContain('期限超過');
    const ko = await pdfText(await evidencePdf(report({ language: 'ko' })));
    expect(ko).toContain('검토 증거 보고서');
    const zh = await pdfText(await evidencePdf(report({ language: 'zh_Hans' })));
    expect(zh).toContain('审查证据报告');
  });

  it('titles, notes and names in Japanese, Korean, Chinese, Arabic and Latin script read back from one report', async () => {
    const mixed = report({
      organisation: { name: '株式会社アクメ' },
      list: { name: '공급업체 목록', responsible: '王小明' },
      rows: [
        row({ title: '品質マネジメントシステム—要求事項', reviewer: '佐藤 花子', note: '手順書を更新した' }),
        row({ title: '품질경영시스템 — 요구사항', reviewer: '김민준', note: '영향 없음' }),
        row({ title: '质量管理体系 要求', reviewer: '王小明', note: '已更新程序文件' }),
        row({ title: 'نظم إدارة الجودة', reviewer: 'Amal Haddad', note: 'Handbuch geändert' }),
      ],
    });
    for (const language of ['en', 'ja'] as const) {
      const text = await pdfText(await evidencePdf({ ...mixed, language }));
      for (const words of [
        '株式会社アクメ',
        '공급업체 목록',
        '王小明',
        '品質マネジメントシステム',
        '佐藤 花子',
        '手順書を更新した',
        '품질경영시스템',
        '김민준',
        '영향 없음',
        '质量管理体系 要求',
        '已更新程序文件',
        'نظم إدارة الجودة',
        'Handbuch geändert',
      ])
        expect(text).toContain(words);
    }
  });

  it('runs onto more pages with the header repeated and "Page n of m" on each', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => row({ designation: `EN ${1000 + i}` }));
    const pages = await pdfLines(await evidencePdf(report({ rows })));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((lines, i) => {
      expect(lines.some((l) => l.startsWith('Designation Title'))).toBe(true);
      expect(lines.at(-1)).toBe(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.flat().filter((l) => l.startsWith('EN 10'))).toHaveLength(60);
  });
});

describe('evidence report CSV and XLSX', () => {
  const risky = report({ rows: [row({ note: '=HYPERLINK("http://x.test")', overdue: true })] });

  it('CSV: a byte-order mark, the header in the reader’s language, formula cells defused', () => {
    const csv = evidenceCsv(risky);
    expect(csv.startsWith('\ufeff"Designation","Title","Change","Opened","Due","Reviewed by"')).toBe(true);
    expect(csv).toContain(
      '"ISO 9001:2015","Quality management systems — Requirements","New edition","2026-03-01 09:00 UTC",' +
        '"2026-03-31 09:00 UTC","Amal Haddad","Affected","2026-03-20 15:30 UTC","Overdue","\'=HYPERLINK(""http://x.test"")"\r\n',
    );
    expect(evidenceCsv(report({ language: 'de' }))).toContain('"Bezeichnung","Titel","Änderung"');
  });

  it('XLSX: the same cells as text, read back by the list import’s reader', async () => {
    const sheet = await readUploadedSheet('xlsx', await evidenceXlsx(risky));
    expect(sheet.header).toEqual([
      'Designation',
      'Title',
      'Change',
      'Opened',
      'Due',
      'Reviewed by',
      'Decision',
      'Signed off',
      'Overdue',
      'Note',
    ]);
    expect(sheet.rows[0]).toEqual([
      'ISO 9001:2015',
      'Quality management systems — Requirements',
      'New edition',
      '2026-03-01 09:00 UTC',
      '2026-03-31 09:00 UTC',
      'Amal Haddad',
      'Affected',
      '2026-03-20 15:30 UTC',
      'Overdue',
      '=HYPERLINK("http://x.test")',
    ]);
  });
});
