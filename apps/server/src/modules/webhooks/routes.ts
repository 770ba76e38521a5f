import {
  type storeCodeParams,
  type storeWebhookParams,
  type userWebhookParams,
  webhookDeliveriesQuery,
  webhookDeliveryLog,
  webhookEndpointCreate,
  webhookEndpointCreated,
  webhookEndpointList,
  webhookTestResult,
} from '@trackwell/contracts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointScope,
  endpointDeliveries,
  listEndpoints,
  presentEndpoint,
  sendTestEvent,
} from './endpoints.ts';

/**
 * The webhook registration routes, declared once for both owners: the store's endpoints in
 * the console (`/api/console/v1/stores/:code/webhooks`, action `webhooks.manage`, writes audited) and a
 * signed-in user's own in the tracker API (`/api/tracker/v1/webhooks`; another user's id is 404). Each
 * route: list, create (the secret shown once), delete, send a test event, the delivery log. The enclosing
 * scope authenticates, rate-limits and (console) authorizes; `scopeOf` says whose endpoints the call is about.
 */
type App = Parameters<FastifyPluginAsyncZod>[0];

export interface WebhookRouteSet {
  paths: { list: string; one: string; test: string; deliveries: string };
  /** The params of the list route (the console's `:code`), if any. */
  listParams?: typeof storeCodeParams;
  /** The params of one endpoint's routes (`:id`, and the console's `:code`). */
  params: typeof storeWebhookParams | typeof userWebhookParams;
  /** The routes' config (the console's `consoleAction`: what its authorize hook checks), if any. */
  config?: FastifyContextConfig;
  docs: { tags: string[]; security: Array<Record<string, string[]>> };
  errors: Record<400 | 401 | 403 | 404 | 429, ZodType>;
  scopeOf(request: FastifyRequest): EndpointScope;
}

export function registerWebhookRoutes(app: App, set: WebhookRouteSet): void {
  const config: FastifyContextConfig = set.config ?? {};
  const common = { ...set.docs };
  const { errors } = set;
  const listParams = set.listParams ? { params: set.listParams } : {};

  app.get(
    set.paths.list,
    {
      config,
      schema: {
        ...common,
        summary: 'The webhook endpoints (never their secrets)',
        ...listParams,
        response: { 200: webhookEndpointList, ...errors },
      },
    },
    async (request) => ({ endpoints: (await listEndpoints(app, set.scopeOf(request))).map(presentEndpoint) }),
  );

  app.post(
    set.paths.list,
    {
      config,
      schema: {
        ...common,
        summary: 'Register a webhook endpoint: its `whsec_` signing secret is shown in this answer only',
        ...listParams,
        body: webhookEndpointCreate,
        response: { 201: webhookEndpointCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createEndpoint(app, set.scopeOf(request), request.body);
      return reply.code(201).send({ ...presentEndpoint(created), secret: created.secret });
    },
  );

  registerEndpointRoutes(app, set, config);
}

/** The routes about one endpoint: delete, test event, delivery log (404 unless the caller's own). */
function registerEndpointRoutes(app: App, set: WebhookRouteSet, config: FastifyContextConfig): void {
  const common = { ...set.docs };
  const { errors } = set;
  app.delete(
    set.paths.one,
    {
      config,
      schema: {
        ...common,
        summary: 'Delete a webhook endpoint (its delivery log goes with it)',
        params: set.params,
        response: { 200: webhookEndpointList.shape.endpoints.element, ...errors },
      },
    },
    async (request) => presentEndpoint(await deleteEndpoint(app, set.scopeOf(request), request.params.id)),
  );

  app.post(
    set.paths.test,
    {
      config,
      schema: {
        ...common,
        summary: 'Send a test event now (one signed attempt, not retried); answers the attempt',
        params: set.params,
        response: { 200: webhookTestResult, ...errors },
      },
    },
    async (request) => sendTestEvent(app, set.scopeOf(request), request.params.id),
  );

  app.get(
    set.paths.deliveries,
    {
      config,
      schema: {
        ...common,
        summary: "The endpoint's delivery log: every attempt, newest first",
        params: set.params,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryLog, ...errors },
      },
    },
    async (request) => ({
      attempts: await endpointDeliveries(app, set.scopeOf(request), request.params.id, request.query.limit),
    }),
  );
}
