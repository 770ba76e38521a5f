import {
  type CatalogEvent,
  type CatalogEventResult,
  CONSOLE_PATHS,
  consoleChangeEvent,
  consoleChangePreview,
  consoleChangePublished,
  storeCodeParams,
} from '@trackwell/contracts';
import { previewCatalogEvent } from '@trackwell/db';
import { badRequest } from '../../http/errors.ts';
import { matchingRulesOf } from '../notifications/publish.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { publishChange } from './catalog-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * Publishing a catalogue change from the console: preview whom it would e-mail (the publish
 * path's own statements, rolled back: catalog-events.ts `previewCatalogEvent`), then publish it through the
 * publisher feed's path (`app.notifications.publish`: applied, matched, e-mailed, idempotent by event id),
 * audited with the user. store_admin, catalog_editor and operators (`changes.publish`).
 */
export function registerChangeRoutes(app: ConsoleApp) {
  app.post(
    CONSOLE_PATHS.storeChangePreview,
    {
      config: { consoleAction: 'changes.publish' },
      schema: {
        ...consoleDocs,
        summary: 'Preview a catalogue change: how many users it would e-mail, by source; nothing is written',
        params: storeCodeParams,
        body: consoleChangeEvent,
        response: { 200: consoleChangePreview, ...consoleErrors },
      },
    },
    async (request) => {
      const store = consoleStore(request);
      const preview = await previewCatalogEvent(app.db, store.id, request.body, matchingRulesOf(store));
      refuseRejected(preview.result, request.body);
      const recipients = preview.result.recipients ?? 0;
      return {
        id: preview.result.id,
        outcome: preview.result.outcome === 'duplicate' ? ('duplicate' as const) : ('would_apply' as const),
        recipients,
        bySource: preview.bySource,
        summary: `${recipients} ${recipients === 1 ? 'user' : 'users'} will be e-mailed`,
      };
    },
  );

  app.post(
    CONSOLE_PATHS.storeChanges,
    {
      config: { consoleAction: 'changes.publish' },
      schema: {
        ...consoleDocs,
        summary:
          'Publish a catalogue change: applied, matched and e-mailed like the publisher feed (idempotent by id)',
        params: storeCodeParams,
        body: consoleChangeEvent,
        response: { 200: consoleChangePublished, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const result = await publishChange(app, store, user, request.body);
      refuseRejected(result, request.body);
      return result;
    },
  );
}

/** Which field of the event a refusal is about (catalog-changes.ts's error ids). */
const REFUSED_FIELD: Record<string, string> = {
  unknown_standard: 'standard',
  ambiguous_standard: 'standard',
  unknown_publisher: 'standard.publisherCode',
  unknown_industry_area: 'standard.industryAreas',
  unknown_work_item: 'workItemNumber',
  work_item_exists: 'workItem.workItemNumber',
  standard_exists: 'standard.designation',
  no_change: 'type',
  unknown_replaces: 'replaces',
  unknown_replaced_by: 'replacedBy',
};

/** A refused event (unknown standard, …) is a 400 naming the field; nothing was written. */
function refuseRejected(result: CatalogEventResult, event: CatalogEvent) {
  if (result.outcome !== 'rejected') return;
  const field =
    result.error === 'unknown_committee'
      ? `${event.type === 'new_work_item' ? 'workItem' : 'standard'}.committeeDesignation`
      : (REFUSED_FIELD[result.error ?? ''] ?? 'type');
  throw badRequest(result.message ?? 'This change cannot be applied.', [
    { path: `body.${field}`, message: `${result.error ?? 'rejected'}: ${result.message ?? ''}`.trim() },
  ]);
}
