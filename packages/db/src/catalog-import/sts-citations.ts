import { citationKeyOf, MAX_CITATIONS } from '@trackwell/contracts';
import type { SaxesTagPlain } from 'saxes';

/**
 * The standards an STS document cites: each `std` (or a bare `std-ref`) in a `ref-list` of the normative
 * references (`sec sec-type="norm-refs"`, or a `ref-list content-type="norm-refs"`) is a normative citation,
 * each in a bibliography (`ref-list`, `app`, `sec` of content or section type `bibl`) an informative one;
 * other lists (a national foreword's list of corresponding standards) cite nothing. The designation is the
 * `std-ref` (dated or undated as written), else the `std`'s own text (not its `std-id`s or `title`).
 *
 * Which standards cite them: a `standard`'s references are its metadata's, and an `adoption` adopts the text
 * it wraps, so its metadata cites what that text cites and what its own back matter (a national
 * bibliography) adds. A document that holds no such list says nothing (its standards keep their citations).
 */

interface Scope {
  /** The raw rows of the metadata read in this scope. */
  rows: Array<Record<string, unknown>>;
  normative: Set<string>;
  informative: Set<string>;
  sawNormative: boolean;
  sawInformative: boolean;
}

const newScope = (): Scope => ({
  rows: [],
  normative: new Set(),
  informative: new Set(),
  sawNormative: false,
  sawInformative: false,
});

const SCOPE_ELEMENTS = new Set(['standard', 'adoption']);
const isBibl = (value: string | undefined) => value !== undefined && /^bibl(iography)?$/i.test(value);

/** What an open element says about the lists inside it. */
function contextOf(tag: SaxesTagPlain): 'normative' | 'informative' | undefined {
  const { attributes: a, name } = tag;
  if (name === 'sec' && a['sec-type'] === 'norm-refs') return 'normative';
  if (name === 'ref-list' && a['content-type'] === 'norm-refs') return 'normative';
  if (
    (name === 'sec' || name === 'app' || name === 'ref-list') &&
    (isBibl(a['content-type']) || isBibl(a['sec-type']))
  )
    return 'informative';
  return undefined;
}

export class CitationReader {
  private readonly scopes: Scope[] = [newScope()];
  /** The contexts of the open elements (undefined where an element says nothing). */
  private readonly contexts: Array<'normative' | 'informative' | undefined> = [];
  private refListDepth = 0;
  /** Inside a cited `std` (or bare `std-ref`): its depth, and the text read so far. */
  private std: { depth: number; ref: string; own: string; inRef: boolean; skip: number } | undefined;
  private depth = 0;

  private get context() {
    for (let i = this.contexts.length - 1; i >= 0; i--) if (this.contexts[i]) return this.contexts[i];
    return undefined;
  }

  open(tag: SaxesTagPlain) {
    this.depth += 1;
    if (SCOPE_ELEMENTS.has(tag.name)) this.scopes.push(newScope());
    const context = contextOf(tag);
    this.contexts.push(context);
    // A references clause, even one that lists nothing ("There are no normative references"), says it.
    if (context === 'normative') this.scope.sawNormative = true;
    if (context === 'informative') this.scope.sawInformative = true;
    if (tag.name === 'ref-list') this.refListDepth += 1;
    if (this.std) {
      if (tag.name === 'std-ref' && this.std.skip === 0) this.std.inRef = true;
      else this.std.skip += 1;
      return;
    }
    if (this.refListDepth > 0 && this.context && (tag.name === 'std' || tag.name === 'std-ref'))
      this.std = { depth: this.depth, ref: '', own: '', inRef: tag.name === 'std-ref', skip: 0 };
  }

  text(text: string) {
    if (!this.std) return;
    if (this.std.inRef) this.std.ref += text;
    else if (this.std.skip === 0) this.std.own += text;
  }

  close(name: string) {
    if (this.std) {
      if (this.depth === this.std.depth) this.cite(this.std.ref || this.std.own);
      else if (name === 'std-ref' && this.std.inRef) this.std.inRef = false;
      else this.std.skip -= 1;
    }
    if (name === 'ref-list') this.refListDepth -= 1;
    this.contexts.pop();
    this.depth -= 1;
    if (SCOPE_ELEMENTS.has(name) && this.scopes.length > 1) this.closeScope();
  }

  /** A metadata element's raw row, read in the current scope. */
  read(raw: Record<string, unknown>) {
    this.scope.rows.push(raw);
  }

  /** The document ended: what is left open (the document's own scope) is closed. */
  finish() {
    while (this.scopes.length > 1) this.closeScope();
    this.assign(this.scopes[0]!);
  }

  private get scope() {
    return this.scopes[this.scopes.length - 1]!;
  }

  private cite(written: string) {
    const designation = written.replace(/\s+/g, ' ').trim();
    const normative = this.context === 'normative';
    this.std = undefined;
    if (!citationKeyOf(designation) || designation.length > 80) return;
    (normative ? this.scope.normative : this.scope.informative).add(designation);
  }

  private closeScope() {
    const scope = this.scopes.pop()!;
    this.assign(scope);
    // The adoption around it adopts this text: it cites what the text cites.
    const parent = this.scope;
    for (const d of scope.normative) parent.normative.add(d);
    for (const d of scope.informative) parent.informative.add(d);
    parent.sawNormative ||= scope.sawNormative;
    parent.sawInformative ||= scope.sawInformative;
  }

  private assign(scope: Scope) {
    const limited = (set: Set<string>) => [...set].slice(0, MAX_CITATIONS);
    for (const raw of scope.rows) {
      if (scope.sawNormative) raw.references = limited(scope.normative);
      if (scope.sawInformative) raw.informativeReferences = limited(scope.informative);
    }
  }
}
