import {
  CONSOLE_PATHS,
  consolePublisherClient,
  consolePublisherClientCreate,
  consolePublisherClientCreated,
  consolePublisherClientList,
  publisherClientParams,
  storeCodeParams,
} from '@trackwell/contracts';
import { listCatalogPublisherClients } from '@trackwell/db';
import { notFound } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { createPublisherClient, revokePublisherClient } from './client-commands.ts';
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
      const created = await createPublisherClient(app.db, store, user, request.body.label);
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
      const client = await revokePublisherClient(app.db, store, user, request.params.clientId);
      if (!client) throw notFound('This store has no such publisher client.');
      return client;
    },
  );
}
