import type { CatalogImportError } from '@trackwell/contracts';
import type { SaxesTagPlain } from 'saxes';
import { splitList, supplementBaseOf } from './rows.ts';
import {
  committeeOf,
  dateOf,
  designationOf,
  editionOf,
  identityOf,
  type MetaDraft,
  publishedStageOf,
  RowNotes,
  slugOf,
  stageStatusOf,
  supersededOf,
  titlesOf,
  undatedOf,
} from './sts-fields.ts';

export { isPlaceholder, undatedOf } from './sts-fields.ts';

/**
 * One STS metadata element (`std-meta`, `iso-meta`, `reg-meta`, `nat-meta`) read into a standard row, with
 * what the file left out as warnings and what makes it no standard at all (an empty template, a placeholder
 * where a value belongs) as errors naming the element. Which element gives which field: ./README.md.
 */

export const META_ELEMENTS = new Set(['std-meta', 'iso-meta', 'nat-meta', 'reg-meta']);
const DATE_ELEMENTS = new Set(['release-date', 'meta-date', 'pub-date']);
/** Text kept per element: more is junk (a title is at most 500 characters; the schema says so). */
const MAX_TEXT = 10_000;

/** Where each row field comes from, to name it in an error. */
export const ELEMENT_OF: Record<string, string> = {
  contentCode: 'std-ref[type=undated]',
  assetId: 'custom-meta asset-id',
  designation: 'std-ref[type=dated]',
  title: 'title-wrap',
  titles: 'title-wrap/@xml:lang',
  publisherCode: 'std-ident/originator',
  committeeDesignation: 'comm-ref',
  status: 'custom-meta status',
  edition: 'std-ident/edition',
  publishedOn: 'release-date',
  industryAreas: 'custom-meta industry-area',
  icsCodes: 'ics',
  replacedBy: 'std-xref[type=isReplacedBy]/std-ref',
  replaces: 'std-xref[type=supersedes]/std-ref',
  supplementOf: 'std-ref[type=dated]',
  adopts: 'adoption',
};

const REPLACED_BY = /replaced-?by|superseded-?by/i;
const SUPERSEDES = /^(supersedes|replaces|revises)$/i;

const STATUS_WORDS: Record<string, string> = {
  active: 'active',
  current: 'active',
  published: 'active',
  withdrawn: 'withdrawn',
  historical: 'historical',
  superseded: 'historical',
  replaced: 'historical',
};

export interface ReadMeta {
  raw: Record<string, unknown>;
  errors: CatalogImportError[];
  warnings: CatalogImportError[];
}

/** Collects the metadata elements of one metadata element as the parser walks it. */
export class MetaReader {
  private draft: MetaDraft = {
    ident: {},
    stdRefs: {},
    titleWraps: [],
    ics: [],
    dates: [],
    xrefTypes: [],
    replacedByRefs: {},
    supersedes: [],
    custom: {},
  };
  private path: string[] = [];
  private texts: string[] = [];
  private refTypes: string[] = [];
  private customName = '';
  private pendingDate: { type: string; date: string } | undefined;

  readonly element: string;
  /** The element's own `originator` attribute (ISO STS `nat-meta originator="NEN"`). */
  private readonly originatorAttribute: string | undefined;

  constructor(element: string, originatorAttribute?: string) {
    this.element = element;
    this.originatorAttribute = originatorAttribute;
  }

  open(tag: SaxesTagPlain) {
    this.path.push(tag.name);
    this.texts.push('');
    this.refTypes.push(tag.name === 'std-ref' ? (tag.attributes.type ?? 'dated') : '');
    if (tag.name === 'title-wrap')
      this.draft.titleWraps.push({ lang: (tag.attributes['xml:lang'] ?? '').toLowerCase(), parts: {} });
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
    // Inline markup (<bold>, <std>, …) is part of its parent's text.
    if (this.texts.length > 0) this.text(own);
    const text = own.replace(/\s+/g, ' ').trim();
    const refType = this.refTypes.pop() ?? '';
    this.path.pop();
    const parent = this.path.at(-1) ?? '';
    const d = this.draft;
    const xref = d.xrefTypes.at(-1) ?? '';
    if (parent === 'std-ident') {
      if (text) d.ident[name] ??= text;
    } else if (parent === 'title-wrap') {
      if (text) d.titleWraps.at(-1)!.parts[name] ??= text;
    } else if (name === 'std-ref' && this.path.length === 0) {
      if (text) d.stdRefs[refType] ??= text;
    } else if (name === 'std-ref' && parent === 'std-xref' && REPLACED_BY.test(xref)) {
      if (text) d.replacedByRefs[refType] ??= text;
    } else if (name === 'std-ref' && parent === 'std-xref' && SUPERSEDES.test(xref)) {
      if (text) d.supersedes.push(text);
    } else if (name === 'comm-ref') d.commRef ??= text;
    else if (name === 'ics') {
      if (text) d.ics.push(text);
    } else if (name === 'meta-name') this.customName = text.toLowerCase();
    else if (name === 'meta-value' && this.customName) d.custom[this.customName] ??= text;
    else if (DATE_ELEMENTS.has(name) && this.pendingDate) {
      if (!this.pendingDate.date) this.pendingDate.date = text;
      this.pendingDate = undefined;
    }
    return false;
  }

  /** The standard row this element describes (validated by the contract afterwards), its errors and warnings. */
  read(row: number): ReadMeta {
    const d = this.draft;
    const notes = new RowNotes(row);
    const identity = identityOf(d, notes, this.originatorAttribute);
    if (!identity) return notes.emptyTemplate(this.element);
    const { originator, dated, contentCode } = identity;
    const { title, titles } = titlesOf(d, notes);
    const { dateText, date } = dateOf(d, notes);
    const edition = editionOf(d, notes, dated, dateText);
    const designation =
      d.custom.designation ??
      (dated ? designationOf(dated, originator) : undefined) ??
      (identity.number && `${identity.number}${edition ? `-${edition}` : ''}`);
    const commRef = committeeOf(d, notes);
    // An amendment's or corrigendum's base, as its reference names it ("ISO 13849-1:2015/Amd 1:2021").
    const supplementOf = supplementBaseOf(dated) ?? supplementBaseOf(designation);
    const stageStatus = stageStatusOf(d, notes);
    return {
      raw: {
        kind: 'standard',
        contentCode,
        assetId: d.custom['asset-id'] ?? slugOf(designation),
        designation,
        title,
        publisherCode: originator ?? d.custom.publisher,
        ...(commRef ? { committeeDesignation: commRef } : {}),
        status: this.status(stageStatus),
        edition,
        publishedOn: date?.date ?? dateText,
        ...(date && date.precision !== 'day' ? { publishedPrecision: date.precision } : {}),
        ...(publishedStageOf(d) ? { stageCode: publishedStageOf(d) } : {}),
        ...(Object.keys(titles).length > 0 ? { titles } : {}),
        industryAreas: splitList(d.custom['industry-area'] ?? ''),
        icsCodes: d.ics,
        // The successor's content code, read as this standard's is: its undated reference preferred.
        ...(d.replacedByRefs.undated || d.replacedByRefs.dated
          ? { replacedBy: d.replacedByRefs.undated ?? undatedOf(d.replacedByRefs.dated!) }
          : {}),
        replaces: supersededOf(d, contentCode),
        ...(supplementOf ? { supplementOf } : {}),
      },
      errors: notes.errors,
      warnings: notes.warnings,
    };
  }

  /** Status: custom-meta "status", else the stage code's, else a withdrawal date, else "replaced by", else active. */
  private status(fromStage: string | undefined): string {
    const d = this.draft;
    const told = d.custom.status?.toLowerCase();
    if (told) return STATUS_WORDS[told] ?? told;
    if (fromStage) return fromStage;
    if (d.dates.some((x) => /withdraw/i.test(x.type))) return 'withdrawn';
    if (d.xrefTypes.some((t) => REPLACED_BY.test(t))) return 'historical';
    return 'active';
  }
}
