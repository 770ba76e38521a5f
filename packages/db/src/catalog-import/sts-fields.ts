import {
  type CatalogImportError,
  dateAtPrecision,
  parseSupplement,
  statusOfStage,
} from '@trackwell/contracts';

/**
 * The fields of one STS metadata element, each read as real files write it, with what the file leaves out as
 * warnings and what makes a value no value (a placeholder) as errors naming the element. MetaReader
 * (sts-meta.ts) collects the draft; these turn it into a standard row's fields.
 */

export interface MetaDraft {
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

/** What templates and exports write where a value belongs: "N/A", "TBD", "?????", "xx", "-". */
const PLACEHOLDER = /^(n\/?a|tbd|tba|none|null|unknown|\?+|x{2,}|-+|\.+)$/i;
export const isPlaceholder = (text: string) => PLACEHOLDER.test(text.trim());

/** A dated reference without its date: "ISO 13849-1:2006-11" → "ISO 13849-1". */
export const undatedOf = (ref: string) => ref.replace(/\s*:\s*\d{4}(-\d{2}){0,2}(\(\w+\))?$/, '').trim();

/**
 * The designation as the store shows it: the dated reference, without the originator when what follows is a
 * series designation of the publisher's own ("ACME A100-25" → "A100-25", as ASTM's "D638-22"), whole when it
 * is a number or another body's reference ("ISO 13849-1:2006-11", "DIN EN ISO 13849-1:2008-12").
 */
export function designationOf(dated: string, originator: string | undefined) {
  if (!originator || !dated.startsWith(`${originator} `)) return dated;
  const rest = dated.slice(originator.length + 1);
  return /^[A-Za-z]{1,3}\d/.test(rest) ? rest : dated;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function titleOfWrap(parts: Record<string, string>): string | undefined {
  return parts.full || [parts.intro, parts.main, parts.compl].filter(Boolean).join(' — ') || undefined;
}

/** A page id from a designation: lower case, non-alphanumerics as "-". */
export const slugOf = (designation: string | undefined) =>
  designation
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One metadata element's errors and warnings as it is read, and its values with placeholders refused. */
export class RowNotes {
  readonly errors: CatalogImportError[] = [];
  readonly warnings: CatalogImportError[] = [];
  private readonly row: number;

  constructor(row: number) {
    this.row = row;
  }

  refuse(field: string, reason: string) {
    this.errors.push({ row: this.row, field, reason });
  }

  warn(field: string, reason: string) {
    this.warnings.push({ row: this.row, field, reason });
  }

  /** The text, or undefined when it is empty; a placeholder where a value belongs is refused. */
  value(field: string, text: string | undefined) {
    if (text !== undefined && isPlaceholder(text)) {
      this.refuse(field, `is a placeholder ("${text}"), not a value`);
      return undefined;
    }
    return text || undefined;
  }

  /** An empty template: nothing says which standard this is. */
  emptyTemplate(element: string) {
    this.refuse('std-ref', `${element} names no standard: std-ref and std-ident are empty`);
    return { raw: {}, errors: this.errors, warnings: this.warnings };
  }
}

/** Which standard this is (undefined: nothing says: an empty template). */
export function identityOf(d: MetaDraft, notes: RowNotes, originatorAttribute: string | undefined) {
  const originator = notes.value('std-ident/originator', d.ident.originator ?? originatorAttribute);
  const docNumber = notes.value('std-ident/doc-number', d.ident['doc-number']);
  const part = d.ident['part-number'];
  const number = docNumber && `${docNumber}${part ? `-${part}` : ''}`;
  const dated = notes.value('std-ref[type=dated]', d.stdRefs.dated);
  const undated = notes.value('std-ref[type=undated]', d.stdRefs.undated);
  if (!dated && !undated && !number && !d.custom.designation) return undefined;
  // An amendment or corrigendum its std-ident names (suppl-type, -number, -version) where its references name
  // only the base: its own designation and content code, so it never overwrites its base.
  const supplement = supplementOfIdent(d, dated ?? undated);
  const ownDated = supplement && dated ? `${dated}${supplement.dated}` : dated;
  const ownUndated = supplement && undated ? `${undated}${supplement.undated}` : undated;
  const base = originator && number && `${originator} ${number}`;
  // A supplement keeps the edition it amends ("ISO 13849-1:2015/Amd 2"), as a catalogue export's reference does.
  const fromDated = ownDated && undatedOf(ownDated);
  const contentCode =
    d.custom['content-code'] ??
    (supplement ? (fromDated ?? ownUndated) : (ownUndated ?? fromDated)) ??
    (base && `${base}${supplement?.undated ?? ''}`);
  const ownNumber = supplement && number ? `${number}${supplement.undated}` : number;
  return { originator, number: ownNumber, dated: ownDated, contentCode };
}

/** The suffix a std-ident's supplement gives ("/Amd 1:2021"), unless the reference names it already. */
function supplementOfIdent(d: MetaDraft, reference: string | undefined) {
  const type = d.ident['suppl-type'];
  if (!type || (reference && parseSupplement(reference))) return undefined;
  const number = d.ident['suppl-number'] ? ` ${d.ident['suppl-number']}` : '';
  const version = d.ident['suppl-version'] ? `:${d.ident['suppl-version']}` : '';
  return { undated: `/${type}${number}`, dated: `/${type}${number}${version}` };
}

/** The main title (English, else the first) and every title by language. */
export function titlesOf(d: MetaDraft, notes: RowNotes) {
  const titles: Record<string, string> = {};
  for (const wrap of d.titleWraps) {
    const title = notes.value('title-wrap', titleOfWrap(wrap.parts));
    if (title && wrap.lang && !(wrap.lang in titles)) titles[wrap.lang] = title;
  }
  const mainWrap =
    d.titleWraps.find((w) => w.lang.startsWith('en') && titleOfWrap(w.parts)) ?? d.titleWraps[0];
  const title = mainWrap && notes.value('title-wrap', titleOfWrap(mainWrap.parts));
  return { title, titles };
}

/** The publication date as written and at its precision (a year, a month or a day). */
export function dateOf(d: MetaDraft, notes: RowNotes) {
  const entry =
    d.dates.find((x) => /^(published|release|publication)?$/i.test(x.type) && x.date) ??
    d.dates.find((x) => x.date);
  const dateText = notes.value('release-date', entry?.date);
  return { dateText, date: dateText ? dateAtPrecision(dateText) : undefined };
}

/** The edition; an empty one is taken from the dated reference's date, else the release year (said). */
export function editionOf(
  d: MetaDraft,
  notes: RowNotes,
  dated: string | undefined,
  dateText: string | undefined,
) {
  const edition = notes.value('std-ident/edition', d.ident.edition) ?? d.ident.version;
  if (edition) return edition;
  const datedPart =
    dated && dated !== undatedOf(dated)
      ? dated.slice(undatedOf(dated).length).replace(/^\s*:\s*/, '')
      : undefined;
  const taken = datedPart ?? dateText?.slice(0, 4);
  if (taken) notes.warn('std-ident/edition', `is empty: the edition is taken as ${taken}, from the date`);
  return taken;
}

/** The committee; many real files leave `comm-ref` empty: imported without one, said. */
export function committeeOf(d: MetaDraft, notes: RowNotes) {
  const commRef = d.commRef === undefined ? undefined : notes.value('comm-ref', d.commRef);
  if (!commRef && !notes.errors.some((e) => e.field === 'comm-ref'))
    notes.warn(
      'comm-ref',
      d.commRef === undefined
        ? 'is missing: imported without a committee'
        : 'is empty: imported without a committee',
    );
  return commRef;
}

/**
 * The content codes of the other standards this one supersedes (`std-xref type="supersedes"`, "replaces",
 * "revises"), each read as a content code is (the reference without its date). One naming an earlier edition
 * of this standard ("ISO 13849-1:1999", ASTM's "D638-14") needs nothing: importing the new edition over the
 * old is a new edition.
 */
export function supersededOf(d: MetaDraft, contentCode: string | undefined): string[] {
  const earlierEdition = (ref: string) =>
    undatedOf(ref) === contentCode ||
    (contentCode !== undefined && new RegExp(`^${escapeRegExp(contentCode)}-\\d{2,4}[a-z]?$`).test(ref));
  return [...new Set(d.supersedes.filter((ref) => !earlierEdition(ref)).map(undatedOf))];
}

/** The custom-meta stage of a published standard as a stage code ("90.93"), kept for review forecasts. */
export function publishedStageOf(d: MetaDraft): string | undefined {
  const stage = (d.custom.stage ?? d.custom['current-stage'] ?? d.custom['stage-code'])?.trim();
  return stage && statusOfStage(stage) ? stage : undefined;
}

/** The status an ISO stage code gives (custom-meta stage); a project's stage is refused. */
export function stageStatusOf(d: MetaDraft, notes: RowNotes): string | undefined {
  const stage = d.custom.stage ?? d.custom['current-stage'] ?? d.custom['stage-code'];
  if (!stage) return undefined;
  const status = statusOfStage(stage);
  if (status === null) notes.refuse('custom-meta stage', `stage ${stage} is not a published standard`);
  if (status === undefined)
    notes.warn(
      'custom-meta stage',
      `${stage} is not a stage code (00.00–95.99): the status is read elsewhere`,
    );
  return status ?? undefined;
}
