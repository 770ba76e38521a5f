import { randomUUID } from 'node:crypto';
import type { CatalogEventKind, ConsoleStandardPatch, ImportRowOf } from '@trackwell/contracts';
import type { SqlExecutor } from '../client.ts';
import { recordImportedChanges } from './catalog-events.ts';
import { planCatalogImport } from './catalog-import-links.ts';
import { type FieldChange, readExistingEntries } from './catalog-import-plan.ts';
import { writeImportBatch } from './catalog-import-write.ts';
import type { MatchingRules } from './event-matching.ts';

/**
 * A console edit of one standard is a one-row catalogue import: the standard as it is, with
 * the edited fields, planned (references checked: the committee must exist), written and its change event
 * recorded by the import's own code (catalog-import-plan.ts, catalog-import-write.ts, catalog-events.ts), so
 * a new edition, withdrawal or reinstatement is recorded, matched and announced exactly as an import's.
 * Runs in the caller's transaction (which also writes the audit entry).
 */

/** An edit the catalogue refuses (e.g. no such committee): each field (camelCase) and why. */
export class StandardEditError extends Error {
  readonly issues: Array<{ field: string; reason: string }>;
  constructor(issues: Array<{ field: string; reason: string }>) {
    super('the edit is refused');
    this.issues = issues;
  }
}

export interface StandardEdit {
  /** The fields changed (camelCase, as the edit names them): old → new. */
  changes: FieldChange[];
  event: { eventId: number; kind: CatalogEventKind; recipients: number } | null;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Applies `patch` to the tenant's standard `contentCode`; undefined when the tenant has no such standard. */
export async function editCatalogStandard(
  tx: SqlExecutor,
  tenantId: string,
  contentCode: string,
  patch: ConsoleStandardPatch,
  rules: MatchingRules,
): Promise<StandardEdit | undefined> {
  const existing = (await readExistingEntries(tx, tenantId, 'standard', [contentCode], { lock: true })).get(
    contentCode,
  );
  if (!existing) return undefined;
  // The links are left as the store has them (a row that names none keeps them).
  const { id: _id, replacedBy: _next, supplementOf: _base, ...current } = existing;
  const value = {
    ...current,
    replaces: [],
    ...patch,
    kind: 'standard',
  } as unknown as ImportRowOf<'standard'>;
  const [planned] = await planCatalogImport(tx, tenantId, {
    rows: [{ row: 1, value }],
    errors: [],
    complete: true,
  });
  if (!planned || planned.outcome === 'error')
    throw new StandardEditError(
      (planned?.errors ?? []).map((e) => ({ field: camel(e.field ?? 'standard'), reason: e.reason })),
    );
  if (planned.outcome === 'unchanged') return { changes: [], event: null };
  const imported = await writeImportBatch(tx, tenantId, 'standard', [planned], {
    source: 'console',
    runId: randomUUID(),
  });
  const [event] = await recordImportedChanges(tx, tenantId, imported, rules);
  const changes = (planned.changes ?? []).map((c) => ({ ...c, field: camel(c.field) }));
  return { changes, event: event ?? null };
}
