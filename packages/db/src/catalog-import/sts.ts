import type { ParsedCatalogImport } from '@trackwell/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { type ImportSource, sourceStream } from './csv.ts';
import { impliedRows, validateImportRow } from './rows.ts';
import { CitationReader } from './sts-citations.ts';
import { ELEMENT_OF, META_ELEMENTS, MetaReader, type ReadMeta } from './sts-meta.ts';
import { decodeXmlBytes } from './xml-encoding.ts';
import { doctypeRefusal, NAMED_CHARACTER_ENTITIES } from './xml-entities.ts';

/**
 * NISO STS (ISO 17303) and ISO STS metadata → standard rows. Each `<std-meta>` (also `<iso-meta>`,
 * `<nat-meta>`, `<reg-meta>`), anywhere in the document (alone, in `<standard><front>`, in the
 * `<adoption-front>`s of an `<adoption>`, or many in one wrapper), is one standard; row n is the n-th. The
 * adoptions the structure states are linked (`adopts`), and the publishers and committees the standards name
 * are created where the store lacks them. The body is streamed past unread. What is read, and from where:
 * ./README.md. The parser is saxes (pure JS, streaming); a DOCTYPE only names the DTD, which is never read:
 * named character entities come from the HTML/ISO sets (xml-entities.ts), and an internal subset declaring
 * entities is refused. Malformed XML is an error, never a throw, and marks the file incomplete.
 */

/**
 * One uploaded STS file: its bytes decoded as its encoding declaration says (xml-encoding.ts), then parsed; a
 * file whose bytes are not what it declares is refused whole.
 */
export async function parseStsFile(bytes: Uint8Array): Promise<ParsedCatalogImport> {
  const decoded = decodeXmlBytes(bytes);
  if (!decoded.ok)
    return {
      rows: [],
      errors: [{ row: 0, field: null, reason: `the file ${decoded.reason}` }],
      complete: false,
    };
  return parseStsXml(decoded.utf8);
}

/** How far down an adoption chain an ISO STS metadata element sits: a national one adopts a regional one, … */
const RANK: Record<string, number> = { 'nat-meta': 3, 'reg-meta': 2, 'iso-meta': 1, 'std-meta': 0 };

interface Entry {
  row: number;
  element: string;
  read: ReadMeta;
}

const labelOf = (field: string) => ELEMENT_OF[field] ?? field;
const isStandard = (e: Entry) => e.read.errors.length === 0 && typeof e.read.raw.contentCode === 'string';

/**
 * Adoptions the document's structure states. NISO STS: an `<adoption-front>`'s metadata adopts the next
 * standard nested in the same `<adoption>` (the inner adoption's, or its `<standard>`'s). ISO STS: in one
 * `<front>`, `nat-meta` adopts `reg-meta`, which adopts `iso-meta` (each the next present).
 */
class AdoptionLinks {
  private adoptionDepth = 0;
  private inAdoptionFront = 0;
  private waiting: { entry: Entry; depth: number } | undefined;
  private front: Entry[] | undefined;
  private frontDepth = 0;

  open(name: string) {
    if (name === 'adoption') this.adoptionDepth += 1;
    if (name === 'adoption-front') this.inAdoptionFront += 1;
    if (name === 'front')
      [this.front, this.frontDepth] = [this.frontDepth === 0 ? [] : this.front, this.frontDepth + 1];
  }

  close(name: string) {
    if (name === 'adoption') this.adoptionDepth -= 1;
    if (name === 'adoption-front') this.inAdoptionFront -= 1;
    if (name === 'front' && --this.frontDepth === 0) {
      const ranked = (this.front ?? [])
        .filter(isStandard)
        .sort((a, b) => RANK[b.element]! - RANK[a.element]!);
      for (let i = 0; i + 1 < ranked.length; i++)
        if (RANK[ranked[i]!.element]! > RANK[ranked[i + 1]!.element]!) adopt(ranked[i]!, ranked[i + 1]!);
      this.front = undefined;
    }
  }

  /** A metadata element was read: link it to the adoption waiting for it, and wait for its own if it is one. */
  read(entry: Entry) {
    this.front?.push(entry);
    if (!isStandard(entry)) return;
    if (this.waiting && this.adoptionDepth >= this.waiting.depth) adopt(this.waiting.entry, entry);
    this.waiting = this.inAdoptionFront > 0 ? { entry, depth: this.adoptionDepth } : undefined;
  }
}

function adopt(adopter: Entry, adopted: Entry) {
  if (adopter.read.raw.contentCode !== adopted.read.raw.contentCode)
    adopter.read.raw.adopts ??= adopted.read.raw.contentCode;
}

/** Parses a NISO STS or ISO STS document (or a wrapper of several) into standard rows, errors and warnings. */
export async function parseStsXml(input: ImportSource): Promise<ParsedCatalogImport> {
  const result: ParsedCatalogImport = { rows: [], errors: [], warnings: [], complete: true };
  const parser = new SaxesParser({ xmlns: false });
  parser.ENTITIES = NAMED_CHARACTER_ENTITIES;
  const entries: Entry[] = [];
  const links = new AdoptionLinks();
  const citations = new CitationReader();
  let reader: MetaReader | undefined;
  let failure: string | undefined;
  parser.on('error', (e) => {
    failure ??= e.message;
  });
  parser.on('doctype', (doctype) => {
    failure ??= doctypeRefusal(doctype);
  });
  parser.on('opentag', (tag) => {
    if (failure) return;
    if (reader) reader.open(tag as SaxesTagPlain);
    else if (META_ELEMENTS.has(tag.name))
      reader = new MetaReader(tag.name, (tag as SaxesTagPlain).attributes.originator);
    else {
      links.open(tag.name);
      citations.open(tag as SaxesTagPlain);
    }
  });
  const text = (t: string) => failure || (reader ? reader.text(t) : citations.text(t));
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', (tag) => {
    if (failure) return;
    if (!reader) {
      citations.close(tag.name);
      return links.close(tag.name);
    }
    if (!reader.close(tag.name)) return;
    const entry = { row: entries.length + 1, element: reader.element, read: reader.read(entries.length + 1) };
    entries.push(entry);
    links.read(entry);
    citations.read(entry.read.raw);
    reader = undefined;
  });
  failure = await feed(parser, input, () => failure);
  if (failure) {
    result.errors.push({
      row: entries.length + 1,
      field: null,
      reason: `malformed XML: ${failure}`.slice(0, 300),
    });
    result.complete = false;
    return result;
  }
  citations.finish();
  if (entries.length === 0) {
    result.errors.push({ row: 0, field: null, reason: 'no std-meta element in the document' });
    result.complete = false;
    return result;
  }
  for (const raw of impliedRows(entries.filter(isStandard).map((e) => e.read.raw))) {
    const checked = validateImportRow(0, raw, labelOf);
    if ('value' in checked) result.rows.push({ row: 0, value: checked.value });
  }
  for (const { row, read } of entries) {
    result.warnings!.push(...read.warnings);
    if (read.errors.length > 0) {
      result.errors.push(...read.errors);
      continue;
    }
    const checked = validateImportRow(row, read.raw, labelOf);
    if ('value' in checked) result.rows.push({ row, value: checked.value });
    else result.errors.push(...checked.errors);
  }
  return result;
}

/**
 * Characters written to the parser at once: within one write saxes reports every bad character again (at
 * microseconds each), so a 20 MB body of them in one write would cost minutes; the parser stops at the first
 * slice after an error.
 */
const WRITE_SLICE = 16 * 1024;

/** Writes the chunks into the parser, slice by slice, until the end or the first error (answered). */
async function feed(parser: SaxesParser, input: ImportSource, failed: () => string | undefined) {
  const decoder = new TextDecoder('utf-8');
  const source = sourceStream(input);
  try {
    for await (const chunk of source as AsyncIterable<string | Uint8Array>) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      for (let at = 0; at < text.length; at += WRITE_SLICE) {
        parser.write(text.slice(at, at + WRITE_SLICE));
        if (failed()) return failed();
      }
    }
    parser.write(decoder.decode());
    if (!failed()) parser.close();
  } catch (error) {
    return failed() ?? (error as Error).message;
  } finally {
    source.destroy();
  }
  return failed();
}
