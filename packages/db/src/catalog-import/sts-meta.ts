import { type CatalogImportError, dateAtPrecision, statusOfStage } from '@trackwell/contracts';
import type { SaxesTagPlain } from 'saxes';
import { splitList } from './rows.ts';

/**
 * One STS metadata element (`std-meta`, `iso-meta`, `reg-meta`, `nat-meta`) read into a standard row, with
 * what the file left out as warnings and what makes it no standard at all (an empty template, a placeholder
 * where a value belongs) as errors naming the element. Which element gives which field: ./README.md.
 */

export const META_ELEMENTS = new Set(['std-meta', 'iso-meta', 'nat-meta', 'reg-meta']);
const DATE_ELEMENTS = new Set(['release-date', 'meta-date', 'pub-date']);
/** Text kept per element: more is junk (a title is at most 500 characters; the schema says so). */
const MAX_TEXT = 10_000;

interface MetaDraft {
  ident: Record<string, string>;
  stdRefs: Record<string, string>;
  titleWraps: Array<{ lang: string; parts: Record<string, string> }>;
  /** Null: the element is there but empty (`<comm-ref/>`). */
  commRef?: string;
  ics: string[];
  dates: Array<{ type: string; date: string }>;
  xrefTypes: string[];
  /** The `std-ref`s of a "replaced by" `std-xref`, by type (undated, dated). */
  replacedByRefs: Record<string, string>;
  /** The `std-ref`s of a "supersedes"/"replaces" `std-xref` (the standards this one replaces). */
  supersedes: string[];
  custom: Record<string, string>;
}

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

/** What templates and exports write where a value belongs: "N/A", "TBD", "?????", "xx", "-". */
const PLACEHOLDER = /^(n\/?a|tbd|tba|none|null|unknown|\?+|x{2,}|-+|\.+)$/i;
export const isPlaceholder = (text: string) => PLACEHOLDER.test(text.trim());

/** A dated reference without its date: "ISO 13849-1:2006-11" → "ISO 13849-1" (ASTM's "-22" is kept). */
/** A dated reference without its date: "ISO 13849-1:2006-11" → "ISO 13849-1". */
export const undatedOf = (ref: string) => ref.replace(/\s*:\s*\d{4}(-\d{2}){0,2}(\(\w+\))?$/, '').trim();

/**
 * The designation as the store shows it: the dated reference, without the originator when what follows is a
 * series designation of the publisher's own ("ACME A100-25" → "A100-25", as ASTM's "D638-22"), whole when it
 * is a number or another body's reference ("ISO 13849-1:2006-11", "DIN EN ISO 13849-1:2008-12").
 */
function designationOf(dated: string, originator: string | undefined) {
  if (!originator || !dated.startsWith(`${originator} `)) return dated;
  const rest = dated.slice(originator.length + 1);
  return /^[A-Za-z]{1,3}\d/.test(rest) ? rest : dated;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function titleOfWrap(parts: Record<string, string>): string | undefined {
  return parts.full || [parts.intro, parts.main, parts.compl].filter(Boolean).join(' — ') || undefined;
}

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
    const errors: CatalogImportError[] = [];
    const warnings: CatalogImportError[] = [];
    const refuse = (field: string, reason: string) => errors.push({ row, field, reason });
    const warn = (field: string, reason: string) => warnings.push({ row, field, reason });
    const value = (field: string, text: string | undefined) => {
      if (text !== undefined && isPlaceholder(text)) {
        refuse(field, `is a placeholder ("${text}"), not a value`);
        return undefined;
      }
      return text || undefined;
    };

    const originator = value('std-ident/originator', d.ident.originator ?? this.originatorAttribute);
    const docNumber = value('std-ident/doc-number', d.ident['doc-number']);
    const part = d.ident['part-number'];
    const number = docNumber && `${docNumber}${part ? `-${part}` : ''}`;
    const dated = value('std-ref[type=dated]', d.stdRefs.dated);
    const undated = value('std-ref[type=undated]', d.stdRefs.undated);
    if (!dated && !undated && !number && !d.custom.designation) {
      // An empty template: nothing says which standard this is.
      return {
        raw: {},
        errors: [
          ...errors,
          {
            row,
            field: 'std-ref',
            reason: `${this.element} names no standard: std-ref and std-ident are empty`,
          },
        ],
        warnings,
      };
    }

    const titles: Record<string, string> = {};
    for (const wrap of d.titleWraps) {
      const title = value('title-wrap', titleOfWrap(wrap.parts));
      if (title && wrap.lang && !(wrap.lang in titles)) titles[wrap.lang] = title;
    }
    const mainWrap =
      d.titleWraps.find((w) => w.lang.startsWith('en') && titleOfWrap(w.parts)) ?? d.titleWraps[0];
    const title = mainWrap && value('title-wrap', titleOfWrap(mainWrap.parts));

    const dateEntry =
      d.dates.find((x) => /^(published|release|publication)?$/i.test(x.type) && x.date) ??
      d.dates.find((x) => x.date);
    const dateText = value('release-date', dateEntry?.date);
    const date = dateText ? dateAtPrecision(dateText) : undefined;

    const contentCode =
      d.custom['content-code'] ??
      undated ??
      (dated && undatedOf(dated)) ??
      (originator && number && `${originator} ${number}`);
    const datedPart =
      dated && dated !== undatedOf(dated)
        ? dated.slice(undatedOf(dated).length).replace(/^\s*:\s*/, '')
        : undefined;
    let edition = value('std-ident/edition', d.ident.edition) ?? d.ident.version;
    if (!edition) {
      edition = datedPart ?? dateText?.slice(0, 4);
      if (edition) warn('std-ident/edition', `is empty: the edition is taken as ${edition}, from the date`);
    }
    const designation =
      d.custom.designation ??
      (dated ? designationOf(dated, originator) : undefined) ??
      (number && `${number}${edition ? `-${edition}` : ''}`);

    const commRef = d.commRef === undefined ? undefined : value('comm-ref', d.commRef);
    if (!commRef && !errors.some((e) => e.field === 'comm-ref'))
      warn(
        'comm-ref',
        d.commRef === undefined
          ? 'is missing: imported without a committee'
          : 'is empty: imported without a committee',
      );

    // An earlier edition of this standard ("ISO 13849-1:1999", ASTM's "D638-14") is no other standard.
    const earlierEdition = (ref: string) =>
      undatedOf(ref) === contentCode ||
      (contentCode !== undefined && new RegExp(`^${escapeRegExp(contentCode)}-\\d{2,4}[a-z]?$`).test(ref));
    for (const ref of d.supersedes) {
      if (!earlierEdition(ref))
        warn(
          'std-xref[type=supersedes]',
          `supersedes ${ref}, another standard: not linked (give it replaced_by)`,
        );
    }

    const stage = d.custom.stage ?? d.custom['current-stage'] ?? d.custom['stage-code'];
    const stageStatus = stage ? statusOfStage(stage) : undefined;
    if (stage && stageStatus === null)
      refuse('custom-meta stage', `stage ${stage} is not a published standard`);
    if (stage && stageStatus === undefined)
      warn('custom-meta stage', `${stage} is not a stage code (00.00–95.99): the status is read elsewhere`);

    return {
      raw: {
        kind: 'standard',
        contentCode,
        assetId:
          d.custom['asset-id'] ??
          designation
            ?.toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
        designation,
        title,
        publisherCode: originator ?? d.custom.publisher,
        ...(commRef ? { committeeDesignation: commRef } : {}),
        status: this.status(stageStatus ?? undefined),
        edition,
        publishedOn: date?.date ?? dateText,
        ...(date && date.precision !== 'day' ? { publishedPrecision: date.precision } : {}),
        ...(Object.keys(titles).length > 0 ? { titles } : {}),
        industryAreas: splitList(d.custom['industry-area'] ?? ''),
        icsCodes: d.ics,
        // The successor's content code, read as this standard's is: its undated reference preferred.
        ...(d.replacedByRefs.undated || d.replacedByRefs.dated
          ? { replacedBy: d.replacedByRefs.undated ?? undatedOf(d.replacedByRefs.dated!) }
          : {}),
      },
      errors,
      warnings,
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
