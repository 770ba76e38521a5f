import {
  apiKeyParams,
  CONSOLE_PATHS,
  consoleApiKey,
  consoleApiKeyCreate,
  consoleApiKeyCreated,
  consoleApiKeyList,
  storeCodeParams,
} from '@trackwell/contracts';
import {
  type CatalogApiKeyRow,
  createStoreApiKey,
  listStoreApiKeys,
  recordAuditEntry,
  revokeStoreApiKey,
} from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

const keyAnswer = (k: CatalogApiKeyRow) => ({
  id: k.id,
  label: k.label,
  createdAt: k.createdAt.toISOString(),
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

/**
 * A store's publisher API keys (the change feed's credential): list, create (the key is in the answer this
 * once; only its SHA-256 is stored) and revoke (the feed refuses it from the next call). Writes are audited.
 */
export function registerApiKeyRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeApiKeys,
    {
      config: { consoleAction: 'api_key.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's publisher API keys (never the keys themselves)",
        params: storeCodeParams,
        response: { 200: consoleApiKeyList, ...consoleErrors },
      },
    },
    async (request) => ({ keys: (await listStoreApiKeys(app.db, consoleStore(request).id)).map(keyAnswer) }),
  );

  app.post(
    CONSOLE_PATHS.storeApiKeys,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary: 'Create a publisher API key: the key is shown in this answer only',
        params: storeCodeParams,
        body: consoleApiKeyCreate,
        response: { 201: consoleApiKeyCreated, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const created = await app.db.transaction(async (tx) => {
        const key = await createStoreApiKey(tx, store.id, request.body.label, user.id);
        await recordAuditEntry(tx, store.id, {
          storeCode: store.code,
          actor: { kind: 'user', id: user.id, login: user.login },
          action: 'api_key.create',
          target: key.id,
          after: { id: key.id, label: key.label }, // never the key
        });
        return key;
      });
      return reply.code(201).send({ ...keyAnswer(created), key: created.key });
    },
  );

  app.delete(
    CONSOLE_PATHS.storeApiKey,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary: 'Revoke a publisher API key (refused by the change feed from now on)',
        params: apiKeyParams,
        response: { 200: consoleApiKey, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const revoked = await app.db.transaction(async (tx) => {
        const change = await revokeStoreApiKey(tx, store.id, request.params.id);
        if (!change) throw notFound('This store has no such API key.');
        if (change.before.revokedAt) return change.after;
        await recordAuditEntry(tx, store.id, {
          storeCode: store.code,
          actor: { kind: 'user', id: user.id, login: user.login },
          action: 'api_key.revoke',
          target: change.after.id,
          before: keyAnswer(change.before),
          after: keyAnswer(change.after),
        });
        return change.after;
      });
      return keyAnswer(revoked);
    },
  );
}
