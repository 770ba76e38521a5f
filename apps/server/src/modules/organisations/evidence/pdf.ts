import { type Language, RTL_LANGUAGES } from '@trackwell/contracts';
import PDFDocument from 'pdfkit';
import { evidenceFaces, type Faces, fontChoice } from './fonts.ts';
import { day, type EvidenceReport, type EvidenceRow, moment } from './model.ts';
import { EVIDENCE_STRINGS, type EvidenceStrings, fill } from './strings.ts';
import {
  autoRtl,
  drawParagraph,
  type FontRole,
  lineHeight,
  leftToRight as ltr,
  type Paragraph,
  paragraphHeight,
  type TextCanvas,
} from './text-layout.ts';

/**
 * The evidence report as a PDF (pdfkit): A4 landscape, a heading block, then one table row per change with
 * its review, the header row repeated on each page, overdue rows tinted and saying so in their own column,
 * "Page n of m" at the foot. Fonts are embedded (subsets of the glyphs drawn): Noto Sans, Noto Sans Arabic,
 * and Noto Sans JP, KR and SC when the report has a character of theirs (fonts.ts, fonts/README.md). Arabic
 * reports run right to left: columns from the right, text aligned right, each line in bidi order
 * (text-layout.ts).
 */

const MARGIN = 36;
const BODY = 7.5;
const PAD = 3;
const OVERDUE_TINT = '#fde2e1';
const HEADER_TINT = '#e9ecef';

type Column = { key: keyof EvidenceStrings['columns']; share: number };
const COLUMNS: Column[] = [
  { key: 'designation', share: 11 },
  { key: 'title', share: 19 },
  { key: 'change', share: 9 },
  { key: 'opened', share: 7.5 },
  { key: 'due', share: 7.5 },
  { key: 'reviewer', share: 10 },
  { key: 'decision', share: 9 },
  { key: 'signedOff', share: 7.5 },
  { key: 'overdue', share: 6.5 },
  { key: 'note', share: 13 },
];

function cellsOf(row: EvidenceRow, s: EvidenceStrings): Record<Column['key'], string> {
  return {
    designation: ltr(row.designation),
    title: row.title,
    change: s.kinds[row.changeKind] ?? row.changeKind,
    opened: ltr(day(row.openedAt)),
    due: ltr(day(row.dueAt)),
    reviewer: row.reviewer ?? '—',
    decision: s.decisions[row.decision ?? 'pending'],
    signedOff: row.signedOffAt ? ltr(day(row.signedOffAt)) : '—',
    overdue: row.overdue ? s.overdue : '',
    note: row.note,
  };
}

function canvasOf(doc: PDFKit.PDFDocument, faces: Faces, language: Language): TextCanvas {
  const use = (font: FontRole, size: number) => doc.font(font).fontSize(size);
  // Measuring shapes the text (fontkit): the same words (kinds, dates, names) recur on every row.
  const widths = new Map<string, number>();
  return {
    ...fontChoice(faces, language),
    width: (text, font, size) => {
      const key = `${font}|${size}|${text}`;
      let width = widths.get(key);
      if (width === undefined) {
        width = use(font, size).widthOfString(text);
        widths.set(key, width);
      }
      return width;
    },
    draw: (text, font, size, x, baseline) =>
      use(font, size).text(text, x, baseline, { lineBreak: false, baseline: 'alphabetic' }),
  };
}

/** Every text the report can draw: its words in the report's language, the names, and each row's cells. */
function textsOf(report: EvidenceReport, s: EvidenceStrings): string[] {
  const words = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as object).flatMap(words);
  const { organisation, list } = report;
  return [
    ...words(s),
    organisation.name,
    list.name,
    list.responsible ?? '',
    ...report.rows.flatMap((row) => Object.values(cellsOf(row, s))),
  ];
}

export async function evidencePdf(report: EvidenceReport): Promise<Buffer> {
  const s = EVIDENCE_STRINGS[report.language];
  const rtl = RTL_LANGUAGES.has(report.language);
  const faces = await evidenceFaces(textsOf(report, s));
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    lang: report.language.replace('_', '-'),
    displayTitle: true,
    info: {
      Title: `${s.heading}: ${report.list.name}`,
      Subject: `${report.organisation.name} · ${report.period.from} – ${report.period.to}`,
      Creator: 'Trackwell',
      CreationDate: report.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const [role, face] of Object.entries(faces)) doc.registerFont(role, face.bytes);
  const canvas = canvasOf(doc, faces, report.language);
  const page = { left: MARGIN, width: doc.page.width - 2 * MARGIN, bottom: doc.page.height - MARGIN - 14 };
  let y = drawHeading(canvas, report, s, rtl, page, MARGIN);
  y = drawTable(doc, canvas, report, s, rtl, page, y + 8);
  drawPageNumbers(doc, canvas, s, rtl, page);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

type PageBox = { left: number; width: number; bottom: number };

function drawHeading(
  canvas: TextCanvas,
  report: EvidenceReport,
  s: EvidenceStrings,
  rtl: boolean,
  page: PageBox,
  top: number,
): number {
  const line = (text: string, size: number, at: number) =>
    at + drawParagraph(canvas, { text, size, rtl, x: page.left, width: page.width }, at);
  const overdue = report.rows.filter((r) => r.overdue).length;
  let y = line(s.heading, 16, top) + 4;
  const facts = [
    `${s.organisation}: ${report.organisation.name}`,
    `${s.list}: ${report.list.name}`,
    `${s.responsible}: ${report.list.responsible ?? '—'}`,
    `${s.period}: ${ltr(report.period.from)} – ${ltr(report.period.to)}`,
    `${s.generated}: ${ltr(moment(report.generatedAt))}`,
    fill(s.summary, { count: report.rows.length, overdue }),
  ];
  for (const fact of facts) y = line(fact, 9.5, y);
  return y;
}

/** Each column's box (left edge, width), from the start side: the right in a right-to-left report. */
function columnBoxes(page: PageBox, rtl: boolean) {
  const total = COLUMNS.reduce((sum, c) => sum + c.share, 0);
  let start = 0;
  return COLUMNS.map((column) => {
    const width = (column.share / total) * page.width;
    const x = rtl ? page.left + page.width - start - width : page.left + start;
    start += width;
    return { key: column.key, x, width };
  });
}

function drawRow(
  doc: PDFKit.PDFDocument,
  canvas: TextCanvas,
  cells: Record<Column['key'], string>,
  options: { rtl: boolean; page: PageBox; top: number; tint?: string },
): number {
  const boxes = columnBoxes(options.page, options.rtl);
  const paragraphs = boxes.map(
    (box): Paragraph => ({
      text: cells[box.key],
      size: BODY,
      rtl: autoRtl(cells[box.key], options.rtl),
      x: box.x + PAD,
      width: box.width - 2 * PAD,
    }),
  );
  const height = Math.max(lineHeight(BODY), ...paragraphs.map((p) => paragraphHeight(canvas, p))) + 2 * PAD;
  if (options.tint) doc.rect(options.page.left, options.top, options.page.width, height).fill(options.tint);
  doc.fillColor('#000000');
  for (const p of paragraphs) drawParagraph(canvas, p, options.top + PAD);
  doc
    .moveTo(options.page.left, options.top + height)
    .lineTo(options.page.left + options.page.width, options.top + height)
    .lineWidth(0.4)
    .strokeColor('#adb5bd')
    .stroke();
  return height;
}

function drawTable(
  doc: PDFKit.PDFDocument,
  canvas: TextCanvas,
  report: EvidenceReport,
  s: EvidenceStrings,
  rtl: boolean,
  page: PageBox,
  top: number,
): number {
  const header = () => drawRow(doc, canvas, s.columns, { rtl, page, top: y, tint: HEADER_TINT });
  let y = top;
  y += header();
  if (report.rows.length === 0) {
    return (
      y + drawParagraph(canvas, { text: s.empty, size: 9.5, rtl, x: page.left, width: page.width }, y + 6)
    );
  }
  for (const row of report.rows) {
    const cells = cellsOf(row, s);
    const needed = Math.max(
      ...columnBoxes(page, rtl).map((box) =>
        paragraphHeight(canvas, { text: cells[box.key], size: BODY, rtl, x: 0, width: box.width - 2 * PAD }),
      ),
    );
    if (y + needed + 2 * PAD > page.bottom) {
      doc.addPage();
      y = MARGIN;
      y += header();
    }
    y += drawRow(doc, canvas, cells, { rtl, page, top: y, tint: row.overdue ? OVERDUE_TINT : undefined });
  }
  return y;
}

function drawPageNumbers(
  doc: PDFKit.PDFDocument,
  canvas: TextCanvas,
  s: EvidenceStrings,
  rtl: boolean,
  page: PageBox,
) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const text = fill(s.page, { page: i + 1, pages: count });
    drawParagraph(canvas, { text, size: 8, rtl, x: page.left, width: page.width }, page.bottom + 4);
  }
}
