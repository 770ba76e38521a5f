import {
  CONSOLE_PATHS,
  consolePublisherClient,
  consolePublisherClientCreate,
  consolePublisherClientCreated,
  consolePublisherClientList,
  publisherClientParams,
  storeCodeParams,
} from '@trackwell/contracts';
import {
  createCatalogPublisherClient,
  deleteCatalogPublisherClient,
  listCatalogPublisherClients,
  recordAuditEntry,
  type Tenant,
} from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import type { AuthenticatedUser } from '../auth/plugin.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * A store's publisher clients: OAuth 2.0 client-credentials clients of its embedded identity
 * provider with scope `catalog.changes`, made by the same repository function as `npm run catalog:changes --
 * --create-client` (the secret is in the answer this once; its SHA-256 is stored), listed, and revoked
 * (deleted: the token endpoint refuses it, and the feed its tokens, from the next call). They are publisher
 * credentials like the API keys, so the same actions decide who may (`api_key.*`: store_admin, operators).
 */
export function registerClientRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_PATHS.storeClients,
    {
      config: { consoleAction: 'api_key.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's publisher clients (client credentials; never their secrets)",
        params: storeCodeParams,
        response: { 200: consolePublisherClientList, ...consoleErrors },
      },
    },
    async (request) => ({ clients: await listCatalogPublisherClients(app.db, consoleStore(request).id) }),
  );

  app.post(
    CONSOLE_PATHS.storeClients,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary:
          'Create a publisher client (client credentials, scope catalog.changes): the secret is shown once',
        params: storeCodeParams,
        body: consolePublisherClientCreate,
        response: { 201: consolePublisherClientCreated, ...consoleErrors },
      },
    },
    async (request, reply) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const created = await app.db.transaction(async (tx) => {
        const client = await createCatalogPublisherClient(tx, store.id, request.body.label);
        await auditClient(tx, store, user, 'client.create', {
          clientId: client.clientId,
          label: request.body.label,
        });
        return client;
      });
      const issuer = store.config['issuer-uri'];
      const tokenUrl = `${issuer.startsWith('/') ? `${app.publicUrls.origin(store)}${issuer}` : issuer}/v1/token`;
      return reply.code(201).send({ ...created, label: request.body.label, tokenUrl });
    },
  );

  app.delete(
    CONSOLE_PATHS.storeClient,
    {
      config: { consoleAction: 'api_key.manage' },
      schema: {
        ...consoleDocs,
        summary: 'Revoke a publisher client: it gets no more tokens, and its tokens are refused by the feed',
        params: publisherClientParams,
        response: { 200: consolePublisherClient, ...consoleErrors },
      },
    },
    async (request) => {
      const { user } = consoleCaller(request);
      const store = consoleStore(request);
      const { clientId } = request.params;
      const client = (await listCatalogPublisherClients(app.db, store.id)).find(
        (c) => c.clientId === clientId,
      );
      await app.db.transaction(async (tx) => {
        if (!client || !(await deleteCatalogPublisherClient(tx, store.id, clientId)))
          throw notFound('This store has no such publisher client.');
        await auditClient(tx, store, user, 'client.revoke', undefined, client);
      });
      return client ?? { clientId, label: '' };
    },
  );
}

function auditClient(
  tx: Parameters<typeof recordAuditEntry>[0],
  store: Tenant,
  user: AuthenticatedUser,
  action: 'client.create' | 'client.revoke',
  after: { clientId: string; label: string } | undefined,
  before?: { clientId: string; label: string },
) {
  const target = (after ?? before)?.clientId ?? '';
  return recordAuditEntry(tx, store.id, {
    storeCode: store.code,
    actor: { kind: 'user', id: user.id, login: user.login },
    action,
    target,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}), // never the secret
  });
}
