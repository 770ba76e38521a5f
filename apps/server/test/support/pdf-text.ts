import { getDocumentProxy } from 'unpdf';

/**
 * A PDF's text as a reader gets it, read back with PDF.js (unpdf): per page, its lines top to bottom, each
 * line's text items in the content stream's order (the evidence report draws them in reading order) with a
 * space wherever the items stand apart. PDF.js gives no space between words it reads right to left, so the
 * space is put back from the items' positions: an Arabic line reads in logical order, as a person reads it.
 */
export interface PdfItem {
  text: string;
  x: number;
  y: number;
  width: number;
}

export async function pdfItems(bytes: Uint8Array): Promise<PdfItem[][]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PdfItem[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str !== ''
          ? [
              {
                text: item.str,
                x: item.transform[4] as number,
                y: item.transform[5] as number,
                width: item.width,
              },
            ]
          : [],
      ),
    );
  }
  return pages;
}

/** Each page's lines (items within a point of the same baseline), top to bottom. */
export async function pdfLines(bytes: Uint8Array): Promise<string[][]> {
  return (await pdfItems(bytes)).map((items) => {
    const lines: PdfItem[][] = [];
    for (const item of items) {
      const line = lines.find((l) => Math.abs(l[0]!.y - item.y) < 1);
      if (line) line.push(item);
      else lines.push([item]);
    }
    return lines
      .sort((p, q) => q[0]!.y - p[0]!.y)
      .map((line) =>
        line.reduce((text, item, i) => {
          if (i === 0) return item.text;
          const before = line[i - 1]!;
          const gap = Math.max(item.x - (before.x + before.width), before.x - (item.x + item.width));
          return `${text}${gap > 1 ? ' ' : ''}${item.text}`;
        }, ''),
      );
  });
}

/** The whole document's text, its lines joined by new lines. */
export const pdfText = async (bytes: Uint8Array) => (await pdfLines(bytes)).flat().join('\n');
