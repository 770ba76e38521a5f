import type {
  CatalogImportError,
  ImportRowLinks,
  ImportRowOf,
  ParsedCatalogImport,
} from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import {
  type ExistingEntry,
  outcomeOf,
  type PlannedRow,
  planImportRows,
  readExistingEntries,
} from './catalog-import-plan.ts';

/**
 * The links an import records between standards, judged once every standard row is planned (a row may name a
 * standard that comes later in the file), all by content code:
 * - **succession**: a row's `replacedBy` (the standard replacing it) and a row's `replaces` (the standards it
 *   replaces: an STS `std-xref type="supersedes"`, a `replaces` column) are one link, recorded as the replaced
 *   standard's `replacedBy`. A predecessor the file has no row for but the store has is written too (a
 *   `derived` row: its successor recorded and, when active, made historical, as a published `new_standard`
 *   that `replaces` it does). A newly recorded successor of a standard the store had is a `withdrawal` carrying
 *   it (importEventKind): its trackers are told and may follow it; one already recorded is not told again;
 * - **supplements**: an amendment's or corrigendum's `supplementOf`, its base standard.
 * A link to a standard neither in the store nor among the valid rows, or one that contradicts another, is
 * not recorded: the row says so in a warning and is imported without it. Each row's links are named by
 * designation (`links`) for the dry run.
 */

type Standard = ImportRowOf<'standard'>;

/** Plans an import (catalog-import-plan.ts) and judges its links. */
export async function planCatalogImport(
  db: SqlExecutor,
  tenantId: string,
  parsed: ParsedCatalogImport,
  options: { chunk?: number } = {},
): Promise<PlannedRow[]> {
  return planLinks(db, tenantId, await planImportRows(db, tenantId, parsed, options));
}

const isStandard = (p: PlannedRow): p is PlannedRow & { value: Standard } =>
  p.outcome !== 'error' && p.value?.kind === 'standard';

/** The standards the valid rows link to that the file has no valid row for, from the store, by content code. */
async function storeStandards(
  db: SqlExecutor,
  tenantId: string,
  rows: Map<string, PlannedRow>,
  linked: PlannedRow[],
) {
  const wanted = new Set<string>();
  for (const p of linked) {
    const s = p.value as Standard;
    for (const code of [s.replacedBy, s.supplementOf, ...s.replaces])
      if (code !== undefined && !rows.has(code)) wanted.add(code);
  }
  return readExistingEntries(db, tenantId, 'standard', [...wanted]);
}

/** A store entry as the import row that leaves it as it is (its nulls are absent fields). */
function rowOfEntry(entry: ExistingEntry): Standard {
  const { id: _id, ...fields } = entry;
  const row = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined));
  return { kind: 'standard', replaces: [], ...row } as unknown as Standard;
}

class LinkPlan {
  readonly warnings = new Map<PlannedRow, CatalogImportError[]>();
  /** Rows a link refuses: a mistake of the file's own (a standard replacing itself). */
  readonly refused = new Map<PlannedRow, CatalogImportError[]>();
  readonly links = new Map<PlannedRow, ImportRowLinks>();
  /** Rows whose value changed here (a link taken away or added), to judge again against the store. */
  readonly touched = new Set<PlannedRow>();
  readonly derived: PlannedRow[] = [];
  /** The event a row's derived predecessors record (their withdrawal), said with that row in the dry run. */
  readonly derivedEvent = new Map<PlannedRow, PlannedRow['event']>();

  readonly rows: Map<string, PlannedRow>;
  readonly store: Map<string, ExistingEntry>;

  constructor(rows: Map<string, PlannedRow>, store: Map<string, ExistingEntry>) {
    this.rows = rows;
    this.store = store;
  }

  designation(code: string): string | undefined {
    return ((this.rows.get(code)?.value as Standard | undefined)?.designation ??
      this.store.get(code)?.designation) as string | undefined;
  }

  warn(p: PlannedRow, field: string, reason: string) {
    this.warnings.set(p, [...(this.warnings.get(p) ?? []), { row: p.row, field, reason }]);
  }

  link(p: PlannedRow | undefined, add: ImportRowLinks) {
    if (!p) return;
    const now = this.links.get(p) ?? {};
    const replaces = [...(now.replaces ?? []), ...(add.replaces ?? [])];
    this.links.set(p, { ...now, ...add, ...(replaces.length ? { replaces } : {}) });
  }

  setValue(p: PlannedRow, value: Standard) {
    p.value = value;
    this.touched.add(p);
  }

  /** A row's own `replacedBy`: linked, or taken away with a warning. */
  successorOf(p: PlannedRow & { value: Standard }) {
    const { replacedBy: next, contentCode, status } = p.value;
    if (next === undefined) return;
    const drop = (reason: string) => {
      this.warn(p, 'replaced_by', `${reason}: not linked`);
      const { replacedBy: _next, ...rest } = p.value;
      this.setValue(p, rest as Standard);
    };
    if (next === contentCode) {
      this.refused.set(p, [{ row: p.row, field: 'replaced_by', reason: 'a standard cannot replace itself' }]);
      return;
    }
    if (this.designation(next) === undefined)
      return drop(`replaced by ${next}, which is neither in the catalogue nor in this import`);
    if (status === 'active') return drop(`an active standard is not replaced (replaced by ${next})`);
    this.link(p, { replacedBy: this.designation(next)! });
    this.link(this.rows.get(next), { replaces: [this.designation(contentCode)!] });
  }

  /** A row's `replaces`: each predecessor's `replacedBy`, in the file or in the store, or a warning. */
  predecessorsOf(s: PlannedRow & { value: Standard }) {
    const next = s.value.contentCode;
    for (const code of s.value.replaces) {
      if (code === next) continue; // an earlier edition of itself: a new edition, nothing to link
      const warn = (reason: string) => this.warn(s, 'replaces', `supersedes ${code}, ${reason}: not linked`);
      const row = this.rows.get(code);
      const entry = this.store.get(code);
      const current =
        (row?.value as Standard | undefined)?.replacedBy ?? (entry?.replacedBy as string | null);
      if (!row && !entry) warn('which is neither in the catalogue nor in this import');
      else if (current === next) {
        // Linked already (by its own row, or in the store): named, nothing more to write.
        if (!row) this.link(s, { replaces: [this.designation(code)!] });
      } else if (current) warn(`which is replaced by ${current}`);
      else if (row && (row.value as Standard).status === 'active') warn('which stays active in this import');
      else if (row) {
        this.setValue(row, { ...(row.value as Standard), replacedBy: next });
        this.link(row, { replacedBy: this.designation(next)! });
        this.link(s, { replaces: [this.designation(code)!] });
      } else {
        const before = rowOfEntry(entry!);
        const value: Standard = {
          ...before,
          status: before.status === 'active' ? 'historical' : before.status,
          replacedBy: next,
        };
        const derived: PlannedRow = { ...outcomeOf(s.row, value, entry), derived: true };
        this.derived.push(derived);
        this.rows.set(code, derived);
        if (derived.event) this.derivedEvent.set(s, derived.event);
        this.link(s, { replaces: [this.designation(code)!] });
      }
    }
  }

  /** A supplement's base: linked, or taken away with a warning. */
  baseOf(p: PlannedRow & { value: Standard }) {
    const base = p.value.supplementOf;
    if (base === undefined) return;
    if (base !== p.value.contentCode && this.designation(base) !== undefined) {
      this.link(p, { supplementOf: this.designation(base)! });
      return;
    }
    if (base !== p.value.contentCode)
      this.warn(
        p,
        'supplement_of',
        `amends ${base}, which is neither in the catalogue nor in this import: not linked`,
      );
    const { supplementOf: _base, ...rest } = p.value;
    this.setValue(p, rest as Standard);
  }
}

/** The plan's rows with their links judged (see above), the derived rows after them. */
export async function planLinks(db: SqlExecutor, tenantId: string, planned: PlannedRow[]) {
  const hasLinks = (p: PlannedRow) => {
    const s = p.value as Standard;
    return s.replacedBy !== undefined || s.supplementOf !== undefined || s.replaces.length > 0;
  };
  // Most catalogues link nothing: then no map of every standard is built (a re-import's memory, see
  // catalog-import-unchanged.ts).
  if (!planned.some((p) => isStandard(p) && hasLinks(p))) return planned;
  const rows = new Map<string, PlannedRow>();
  for (const p of planned) if (isStandard(p)) rows.set(p.value.contentCode, p);
  const linked = [...rows.values()].filter(hasLinks);
  const plan = new LinkPlan(rows, await storeStandards(db, tenantId, rows, linked));
  // The file's rows first: a standard both a row's `replacedBy` and another's `replaces` name is linked once.
  for (const p of planned) if (isStandard(p)) plan.successorOf(p);
  for (const p of planned) if (isStandard(p) && p.value.replaces.length > 0) plan.predecessorsOf(p);
  for (const p of planned) if (isStandard(p)) plan.baseOf(p);
  const touched = [...plan.touched].filter((p) => !p.derived);
  const existing = await readExistingEntries(db, tenantId, 'standard', touched.map(keyOf));
  const judged = new Map(
    touched.map((p) => [p, outcomeOf(p.row, p.value!, existing.get(keyOf(p)))] as const),
  );
  const withLinks = (p: PlannedRow): PlannedRow => {
    const errors = plan.refused.get(p);
    if (errors) return { row: p.row, kind: p.kind, key: p.key, outcome: 'error', errors };
    const own = judged.get(p) ?? p;
    const event = plan.derivedEvent.get(p);
    const again = !own.event && event ? { ...own, event } : own;
    const warnings = plan.warnings.get(p);
    const links = plan.links.get(p);
    return { ...again, ...(warnings ? { warnings } : {}), ...(links ? { links } : {}) };
  };
  return [...planned.map(withLinks), ...plan.derived].map((p) => successorNamed(p, plan));
}

const keyOf = (p: PlannedRow) => (p.value as Standard).contentCode;

/** A withdrawal's `replaced_by` change names the successor by its designation, as the e-mail does. */
function successorNamed(p: PlannedRow, plan: LinkPlan): PlannedRow {
  if (!p.changes?.some((c) => c.field === 'replaced_by')) return p;
  const changes = p.changes.map((c) =>
    c.field === 'replaced_by' ? { ...c, to: plan.designation(c.to as string) ?? c.to } : c,
  );
  return { ...p, changes };
}
