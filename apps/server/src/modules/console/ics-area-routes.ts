import {
  CONSOLE_ICS_PATHS,
  ICS_MAPPING_MAX_ENTRIES,
  icsAreaMapping,
  icsAreaMappingAnswer,
  storeCodeParams,
} from '@trackwell/contracts';
import { consoleCaller, consoleStore } from './caller.ts';
import { readIcsAreaMapping, saveIcsAreaMapping } from './ics-area-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The store's mapping of ICS prefixes to its industry areas (store administrators and operators: the
 * store's settings). A standard whose ICS code is a mapped prefix, or goes on from it ("13.110" covers
 * 13.110.01), belongs to the area, and the area's trackers are e-mailed about its changes.
 */

const MAPPING_DOCS =
  'Replaces the whole mapping. Each entry maps an ICS field, group or sub-group (13, 13.110, 83.080.01) to ' +
  `the marketing code of one of the store's industry areas; at most ${ICS_MAPPING_MAX_ENTRIES} entries, none ` +
  'twice. 400 names each entry with a malformed prefix or an area the store does not have; nothing is saved then.';

export function registerIcsAreaRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_ICS_PATHS.areaMapping,
    {
      config: { consoleAction: 'store.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's mapping of ICS prefixes to its industry areas, and the areas to choose from",
        params: storeCodeParams,
        response: { 200: icsAreaMappingAnswer, ...consoleErrors },
      },
    },
    (request) => readIcsAreaMapping(app.db, consoleStore(request)),
  );

  app.put(
    CONSOLE_ICS_PATHS.areaMapping,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: "Replace the store's mapping of ICS prefixes to its industry areas; audited",
        description: MAPPING_DOCS,
        params: storeCodeParams,
        body: icsAreaMapping,
        response: { 200: icsAreaMappingAnswer, ...consoleErrors },
      },
    },
    (request) =>
      saveIcsAreaMapping({ db: app.db }, consoleStore(request), consoleCaller(request).user, request.body),
  );
}
