import {
  CONSOLE_PATHS,
  consoleStoreCreate,
  consoleStoreDefinition,
  consoleStoreList,
  consoleStorePatch,
  storeCodeParams,
} from '@trackwell/contracts';
import { listStoreSummaries, type StoredDefinition } from '@trackwell/db';
import { consoleCaller, consoleStore } from './caller.ts';
import { isPlatformOperator } from './console-access.ts';
import { type ConsoleApp, consoleDocs, consoleErrors, storeConflict } from './schemas.ts';
import { createStore, saveStorePatch, storedDefinition } from './store-commands.ts';

const answerDefinition = (d: StoredDefinition) => ({ ...d, updatedAt: d.updatedAt.toISOString() });

/** Stores: list, read, change (PATCH) and create (the commands: store-commands.ts). */
export function registerStoreRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.stores,
    {
      config: { consoleAction: 'store.list' },
      schema: {
        ...consoleDocs,
        summary: 'The stores you may run (operators: every store; others: the store of their role)',
        response: { 200: consoleStoreList, 401: consoleErrors[401], 403: consoleErrors[403] },
      },
    },
    async (request) => {
      const { user, grants } = consoleCaller(request);
      const all = await listStoreSummaries(app.db);
      const stores = isPlatformOperator(grants) ? all : all.filter((s) => s.id === user.tenantId);
      return { stores: stores.map(({ id: _id, ...s }) => s) };
    },
  );

  app.get(
    CONSOLE_PATHS.store,
    {
      config: { consoleAction: 'store.read' },
      schema: {
        ...consoleDocs,
        summary: "A store's whole definition (hosts, configuration, theme, feature flags, logo)",
        params: storeCodeParams,
        response: { 200: consoleStoreDefinition, ...consoleErrors },
      },
    },
    async (request) => answerDefinition(await storedDefinition(app.db, consoleStore(request).id)),
  );

  registerStorePatch(app);
  registerStoreCreate(app);
}

function registerStorePatch(app: ConsoleApp) {
  app.patch(
    CONSOLE_PATHS.store,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: 'Change a store (merge patch of hosts, config, theme, featureFlags, logoSvg)',
        description:
          'Objects merge key by key (RFC 7396; null removes a key), arrays and strings replace. The merged ' +
          'definition must pass the same contract as the seed (safe values, theme contrast, SVG guard): ' +
          'otherwise 400 naming every field, and nothing is written. Every process sees the change at once.',
        params: storeCodeParams,
        body: consoleStorePatch,
        response: { 200: consoleStoreDefinition, ...consoleErrors },
      },
    },
    async (request) =>
      answerDefinition(
        await saveStorePatch(app, consoleStore(request), consoleCaller(request), request.body),
      ),
  );
}

function registerStoreCreate(app: ConsoleApp) {
  app.post(
    CONSOLE_PATHS.stores,
    {
      config: { consoleAction: 'store.create' },
      schema: {
        ...consoleDocs,
        summary: 'Create a store (operators): code, name and hosts, canonical host first',
        description:
          "The new store starts on the embedded identity provider of its own hosts, English only, with the caller's " +
          'store theme; PATCH it afterwards. A code or host already taken is refused (409 / 400 naming `hosts`).',
        body: consoleStoreCreate,
        response: { 201: consoleStoreDefinition, ...consoleErrors, 409: storeConflict },
      },
    },
    async (request, reply) => {
      const created = await createStore(app, consoleCaller(request), request.body);
      return reply.code(201).send(answerDefinition(created));
    },
  );
}
