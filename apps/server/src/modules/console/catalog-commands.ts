import type {
  CatalogColumnMapping,
  CatalogEvent,
  CatalogEventResult,
  CatalogImportFormat,
  ConsoleStandardPatch,
  ParsedCatalogImport,
} from '@trackwell/contracts';
import {
  applyCatalogImport,
  type DatabaseHandle,
  editCatalogStandard,
  recordAuditEntry,
  type SavedCatalogMapping,
  STANDARDS_MAPPING,
  StandardEditError,
  saveCatalogImportMapping,
  type Tenant,
} from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';
import { matchingRulesOf } from '../notifications/publish.ts';
import type { NotificationService } from '../notifications/service.ts';
import { type AnnounceDeps, announceEvents } from './announce.ts';

/*
 * The console's catalogue writes, framework-free: each takes the database, the notification queue and a
 * log, the store and the actor; it applies the write, audits it, and after the commit queues the e-mails of
 * the change events it recorded.
 */

export type CatalogCommandDeps = AnnounceDeps & { db: DatabaseHandle };
type Actor = { id: string; login: string };

/**
 * Applies an import file (whole, or its valid rows with `skipBadRows`), audits the run, and queues the
 * e-mails of every recorded change that has recipients. A run stopped by an error is logged and answered
 * as the run says.
 */
export async function importCatalog(
  deps: CatalogCommandDeps,
  store: Tenant,
  actor: Actor,
  input: { format: CatalogImportFormat; parsed: ParsedCatalogImport; skipBadRows: boolean },
) {
  const run = await applyCatalogImport(deps.db, store.id, input.parsed, {
    rules: matchingRulesOf(store),
    skipBadRows: input.skipBadRows,
  });
  if (run.cause) deps.log.error({ err: run.cause, runId: run.runId }, 'catalogue import stopped');
  await recordAuditEntry(deps.db, store.id, {
    storeCode: store.code,
    actor: { kind: 'user', id: actor.id, login: actor.login },
    action: 'catalog.import',
    target: run.runId,
    after: { format: input.format, outcome: run.outcome, totals: run.totals, events: run.events.length },
  });
  await announceEvents(deps, run.events);
  return run;
}

/**
 * Edits one standard as a one-row import does (400 naming each refused field, nothing saved), audited in the
 * same transaction when something changed; a recorded change event is announced after the commit.
 * Undefined when the store has no such standard.
 */
export async function editStandard(
  deps: CatalogCommandDeps,
  store: Tenant,
  actor: Actor,
  contentCode: string,
  patch: ConsoleStandardPatch,
) {
  const edit = await deps.db
    .transaction(async (tx) => {
      const done = await editCatalogStandard(tx, store.id, contentCode, patch, matchingRulesOf(store));
      if (!done) return undefined;
      if (done.changes.length > 0)
        await recordAuditEntry(tx, store.id, {
          storeCode: store.code,
          actor: { kind: 'user', id: actor.id, login: actor.login },
          action: 'catalog.standard.update',
          target: contentCode,
          before: Object.fromEntries(done.changes.map((c) => [c.field, c.from])),
          after: {
            ...Object.fromEntries(done.changes.map((c) => [c.field, c.to])),
            ...(done.event ? { event: done.event.kind } : {}),
          },
        });
      return done;
    })
    .catch((error: unknown) => {
      if (error instanceof StandardEditError)
        throw badRequest(
          'The edit is refused: nothing was saved.',
          error.issues.map((i) => ({ path: `body.${i.field}`, message: i.reason })),
        );
      throw error;
    });
  if (edit?.event) await announceEvents(deps, [edit.event]);
  return edit;
}

/**
 * Publishes one change as the publisher feed does (applied, matched and e-mailed; idempotent by id) and
 * audits it, unless it was rejected (nothing written then: the route answers 400 naming the field).
 */
export async function publishChange(
  deps: { db: DatabaseHandle; notifications: Pick<NotificationService, 'publish'> },
  store: { id: string; code: string },
  actor: Actor,
  event: CatalogEvent,
): Promise<CatalogEventResult> {
  const [result] = await deps.notifications.publish(store.id, [event], 'console');
  if (!result) throw new Error('publish answered no result');
  if (result.outcome === 'rejected') return result;
  await recordAuditEntry(deps.db, store.id, {
    storeCode: store.code,
    actor: { kind: 'user', id: actor.id, login: actor.login },
    action: 'changes.publish',
    target: result.id,
    after: { kind: event.type, outcome: result.outcome, recipients: result.recipients ?? 0 },
  });
  return result;
}

/** Saves the store's column mapping for catalogue exports and audits it, in one transaction. */
export function saveImportMapping(
  deps: { db: DatabaseHandle },
  store: Tenant,
  actor: Actor,
  mapping: CatalogColumnMapping,
): Promise<SavedCatalogMapping> {
  return deps.db.transaction(async (tx) => {
    const saved = await saveCatalogImportMapping(tx, store.id, mapping);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: actor.id, login: actor.login },
      action: 'catalog.mapping',
      target: STANDARDS_MAPPING,
      after: {
        columns: mapping.columns.map((c) => `${c.header} → ${c.field}${c.language ? `.${c.language}` : ''}`),
      },
    });
    return saved;
  });
}
