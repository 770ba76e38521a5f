import type { ParsedCatalogImport } from '@trackwell/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { type ImportSource, sourceStream } from './csv.ts';
import { splitList, validateImportRow } from './rows.ts';

/**
 * NISO STS (ISO 17303) metadata → standard rows. Each `<std-meta>` (also `<iso-meta>`, `<nat-meta>`,
 * `<reg-meta>`, which share these elements), anywhere in the document (alone, in `<standard><front>`, or
 * many in one wrapper), is one standard, except that a `<front>` gives only its first (a national adoption
 * carries the adopted standard's `<iso-meta>` after its own `<nat-meta>`); the body is streamed past unread. What is read, and from where, is
 * listed in ./README.md. The parser is saxes (pure JS, streaming): it expands no entity but XML's five and
 * character references; a DOCTYPE is refused outright, so neither external entities (XXE) nor entity
 * bombs (billion laughs) get anywhere. Malformed XML is an error at the `std-meta` being read, never a throw.
 */

const META_ELEMENTS = new Set(['std-meta', 'iso-meta', 'nat-meta', 'reg-meta']);
const DATE_ELEMENTS = new Set(['release-date', 'meta-date', 'pub-date']);
/** Text kept per element: more is junk (a title is at most 500 characters; the schema says so). */
const MAX_TEXT = 10_000;

interface MetaDraft {
  ident: Record<string, string>;
  stdRefs: Record<string, string>;
  titleWraps: Array<{ lang: string; parts: Record<string, string> }>;
  commRef?: string;
  ics: string[];
  dates: Array<{ type: string; date: string }>;
  xrefTypes: string[];
  /** The `std-ref`s of a "replaced by" `std-xref`, by type (undated, dated). */
  replacedByRefs: Record<string, string>;
  custom: Record<string, string>;
}

const newDraft = (): MetaDraft => ({
  ident: {},
  stdRefs: {},
  titleWraps: [],
  ics: [],
  dates: [],
  xrefTypes: [],
  replacedByRefs: {},
  custom: {},
});

/** Where each row field comes from, to name it in an error. */
const ELEMENT_OF: Record<string, string> = {
  contentCode: 'std-ref[type=undated]',
  assetId: 'custom-meta asset-id',
  designation: 'std-ref[type=dated]',
  title: 'title-wrap',
  publisherCode: 'std-ident/originator',
  committeeDesignation: 'comm-ref',
  status: 'custom-meta status',
  edition: 'std-ident/edition',
  publishedOn: 'release-date',
  industryAreas: 'custom-meta industry-area',
  icsCodes: 'ics',
  replacedBy: 'std-xref[type=isReplacedBy]/std-ref',
};

const REPLACED_BY = /replaced-?by|superseded-?by/i;

const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  current: 'active',
  published: 'active',
  withdrawn: 'withdrawn',
  historical: 'historical',
  superseded: 'historical',
  replaced: 'historical',
};

/** Status: custom-meta "status", else a withdrawal date, else a "replaced by" cross-reference, else active. */
function statusOf(d: MetaDraft): string {
  const told = d.custom.status?.toLowerCase();
  if (told) return STATUS_WORDS[told] ?? told;
  if (d.dates.some((x) => /withdraw/i.test(x.type))) return 'withdrawn';
  if (d.xrefTypes.some((t) => REPLACED_BY.test(t))) return 'historical';
  return 'active';
}

function titleOf(d: MetaDraft): string | undefined {
  const wrap = d.titleWraps.find((w) => w.lang.startsWith('en')) ?? d.titleWraps[0];
  if (!wrap) return undefined;
  const p = wrap.parts;
  return p.full ?? ([p.intro, p.main, p.compl].filter(Boolean).join(' — ') || undefined);
}

/** A draft's fields as a standard row (validated by the contract afterwards). */
export function standardOfMeta(d: MetaDraft): Record<string, unknown> {
  const { originator, 'doc-number': docNumber, 'part-number': part } = d.ident;
  const number = docNumber && `${docNumber}${part ? `-${part}` : ''}`;
  const publishedOn =
    d.dates.find((x) => /^(published|release|publication)?$/i.test(x.type))?.date ?? d.dates[0]?.date;
  const edition = d.ident.edition ?? d.ident.version ?? publishedOn?.slice(0, 4);
  const dated = d.stdRefs.dated;
  const withoutOriginator =
    dated && originator && dated.startsWith(`${originator} `) ? dated.slice(originator.length + 1) : dated;
  const designation =
    d.custom.designation ?? withoutOriginator ?? (number && `${number}${edition ? `-${edition}` : ''}`);
  return {
    kind: 'standard',
    contentCode:
      d.custom['content-code'] ?? d.stdRefs.undated ?? (originator && number && `${originator} ${number}`),
    assetId:
      d.custom['asset-id'] ??
      designation
        ?.toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    designation,
    title: titleOf(d),
    publisherCode: originator ?? d.custom.publisher,
    committeeDesignation: d.commRef,
    status: statusOf(d),
    edition,
    publishedOn,
    industryAreas: splitList(d.custom['industry-area'] ?? ''),
    icsCodes: d.ics,
    // The successor's content code, read as this standard's is: its undated reference preferred.
    ...(d.replacedByRefs.undated || d.replacedByRefs.dated
      ? { replacedBy: d.replacedByRefs.undated ?? d.replacedByRefs.dated }
      : {}),
  };
}

/** Collects the metadata elements of one `std-meta` as the parser walks it. */
class MetaReader {
  draft = newDraft();
  /** A second metadata element of the same <front> (the adopted standard's): read past, not a row. */
  skipped = false;
  private path: string[] = [];
  private texts: string[] = [];
  private refTypes: string[] = [];
  private customName = '';
  private pendingDate: { type: string; date: string } | undefined;

  open(tag: SaxesTagPlain) {
    this.path.push(tag.name);
    this.texts.push('');
    this.refTypes.push(tag.name === 'std-ref' ? (tag.attributes.type ?? 'dated') : '');
    if (tag.name === 'title-wrap')
      this.draft.titleWraps.push({ lang: tag.attributes['xml:lang'] ?? '', parts: {} });
    if (tag.name === 'std-xref') this.draft.xrefTypes.push(tag.attributes.type ?? '');
    if (DATE_ELEMENTS.has(tag.name)) {
      this.pendingDate = {
        type: tag.attributes['date-type'] ?? tag.attributes.type ?? '',
        date: tag.attributes['iso-8601-date'] ?? '',
      };
      this.draft.dates.push(this.pendingDate);
    }
  }

  text(t: string) {
    const i = this.texts.length - 1;
    if (i >= 0 && this.texts[i]!.length < MAX_TEXT) this.texts[i] += t.slice(0, MAX_TEXT);
  }

  /** Closes an element; answers true when it was the meta element itself (the draft is complete). */
  close(name: string): boolean {
    if (this.path.length === 0) return true;
    const own = this.texts.pop() ?? '';
    // Inline markup (<bold>, <italic>, …) is part of its parent's text.
    if (this.texts.length > 0) this.text(own);
    const text = own.replace(/\s+/g, ' ').trim();
    const refType = this.refTypes.pop() ?? '';
    this.path.pop();
    const parent = this.path.at(-1) ?? '';
    const d = this.draft;
    if (parent === 'std-ident') d.ident[name] ??= text;
    else if (parent === 'title-wrap') d.titleWraps.at(-1)!.parts[name] ??= text;
    else if (name === 'std-ref' && this.path.length === 0) d.stdRefs[refType] ??= text;
    else if (name === 'std-ref' && parent === 'std-xref' && REPLACED_BY.test(d.xrefTypes.at(-1) ?? ''))
      d.replacedByRefs[refType] ??= text;
    else if (name === 'comm-ref') d.commRef ??= text;
    else if (name === 'ics') d.ics.push(text);
    else if (name === 'meta-name') this.customName = text.toLowerCase();
    else if (name === 'meta-value' && this.customName) d.custom[this.customName] ??= text;
    else if (DATE_ELEMENTS.has(name) && this.pendingDate) {
      if (!this.pendingDate.date) this.pendingDate.date = text;
      this.pendingDate = undefined;
    }
    return false;
  }
}

const labelOf = (field: string) => ELEMENT_OF[field] ?? field;

/** Parses a NISO STS document (or a wrapper of several) into standard rows and per-`std-meta` errors. */
export async function parseStsXml(input: ImportSource): Promise<ParsedCatalogImport> {
  const result: ParsedCatalogImport = { rows: [], errors: [], complete: true };
  const parser = new SaxesParser({ xmlns: false });
  let metaCount = 0;
  let reader: MetaReader | undefined;
  let failure: string | undefined;
  parser.on('error', (e) => {
    failure ??= e.message;
  });
  parser.on('doctype', () => {
    failure ??= 'a DOCTYPE (DTD) is not accepted: entity declarations are never expanded';
  });
  // A national adoption's <front> holds its own <nat-meta> and the adopted <iso-meta>: one standard, the first.
  let fronts = 0;
  let frontTaken = false;
  parser.on('opentag', (tag) => {
    if (failure) return;
    if (tag.name === 'front' && !reader) [fronts, frontTaken] = [fronts + 1, false];
    if (!reader && META_ELEMENTS.has(tag.name)) {
      reader = new MetaReader();
      reader.skipped = fronts > 0 && frontTaken;
      if (!reader.skipped) metaCount += 1;
      if (fronts > 0) frontTaken = true;
    } else reader?.open(tag as SaxesTagPlain);
  });
  parser.on('text', (t) => failure || reader?.text(t));
  parser.on('cdata', (t) => failure || reader?.text(t));
  parser.on('closetag', (tag) => {
    if (tag.name === 'front' && !reader) fronts -= 1;
    if (failure || !reader || !reader.close(tag.name)) return;
    if (reader.skipped) {
      reader = undefined;
      return;
    }
    const checked = validateImportRow(metaCount, standardOfMeta(reader.draft), labelOf);
    if ('value' in checked) result.rows.push({ row: metaCount, value: checked.value });
    else result.errors.push(...checked.errors);
    reader = undefined;
  });
  failure = await feed(parser, input, () => failure);
  if (failure) {
    const row = reader ? metaCount : metaCount + 1;
    result.errors.push({ row, field: null, reason: `malformed XML: ${failure}`.slice(0, 300) });
    result.complete = false;
  } else if (metaCount === 0) {
    result.errors.push({ row: 0, field: null, reason: 'no std-meta element in the document' });
    result.complete = false;
  }
  return result;
}

/** Writes the chunks into the parser until the end or the first error (answered). */
async function feed(parser: SaxesParser, input: ImportSource, failed: () => string | undefined) {
  const decoder = new TextDecoder('utf-8');
  const source = sourceStream(input);
  try {
    for await (const chunk of source as AsyncIterable<string | Uint8Array>) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      if (failed()) return failed();
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
