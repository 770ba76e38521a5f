import {
  apiKeyParams,
  CONSOLE_PATHS,
  consoleApiKey,
  consoleApiKeyCreate,
  consoleApiKeyCreated,
  consoleApiKeyList,
  storeCodeParams,
} from '@trackwell/contracts';
import { type ApiKeyPurpose, listStoreApiKeys } from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import { createStoreKey, keyAnswer, revokeStoreKey } from './api-key-commands.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/** One kind of store key: its purpose, its two paths and what the answers call it. */
interface StoreKeyKind {
  purpose: ApiKeyPurpose;
  collection: string;
  item: string;
  /** e.g. "publisher API key": the routes' summaries and the not-found answer name it. */
  noun: string;
  /** Who refuses it once revoked (the summary of the revoke route). */
  refusedBy: string;
}

/**
 * A store's publisher API keys (the change feed's credential) and its provisioning tokens (the Users API's
 * `SSWS` token): list, create (the key is in the answer this once; only its SHA-256 is stored)
 * and revoke (refused from the next call). Writes are audited as api_key.create / api_key.revoke with the
 * key's purpose; both kinds are the store admin's `api_key.*` actions.
 */
export function registerApiKeyRoutes(app: ConsoleApp) {
  registerStoreKeyRoutes(app, {
    purpose: 'publisher',
    collection: CONSOLE_PATHS.storeApiKeys,
    item: CONSOLE_PATHS.storeApiKey,
    noun: 'publisher API key',
    refusedBy: 'the change feed',
  });
  registerStoreKeyRoutes(app, {
    purpose: 'provisioning',
    collection: CONSOLE_PATHS.storeProvisioningTokens,
    item: CONSOLE_PATHS.storeProvisioningToken,
    noun: 'Users API token',
    refusedBy: 'the Users API (/api/v1/users)',
  });
}

function registerStoreKeyRoutes(app: ConsoleApp, kind: StoreKeyKind) {
  const { purpose } = kind;
  app.get(
    kind.collection,
    {
      config: { consoleAction: 'api_key.read' },
      schema: {
        ...consoleDocs,
        summary: `The store's ${kind.noun}s (never the keys themselves)`,
        params: storeCodeParams,
        response: { 200: consoleApiKeyList, ...consoleErrors },
      },
    },
    async (request) => ({
      keys: (await listStoreApiKeys(app.db, consoleStore(request).id, purpose)).map(keyAnswer),
    }),
  );

  app.post(
    kind.collection,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary: `Create a ${kind.noun}: the key is shown in this answer only`,
        params: storeCodeParams,
        body: consoleApiKeyCreate,
        response: { 201: consoleApiKeyCreated, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const { user } = consoleCaller(request);
      const created = await createStoreKey(app.db, consoleStore(request), user, purpose, request.body.label);
      return reply.code(201).send({ ...keyAnswer(created), key: created.key });
    },
  );

  app.delete(
    kind.item,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary: `Revoke a ${kind.noun} (refused by ${kind.refusedBy} from now on)`,
        params: apiKeyParams,
        response: { 200: consoleApiKey, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const revoked = await revokeStoreKey(app.db, consoleStore(request), user, purpose, request.params.id);
      if (!revoked) throw notFound(`This store has no such ${kind.noun}.`);
      return keyAnswer(revoked);
    },
  );
}
