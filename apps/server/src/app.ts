import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle, Tenant } from '@trackwell/db';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiReferencePage, openApiDocument } from './api-scopes/api-docs.ts';
import { consoleApi } from './api-scopes/console-api.ts';
import { identityProvider } from './api-scopes/identity-provider.ts';
import { organisationsApi } from './api-scopes/organisations-api.ts';
import { trackerApi } from './api-scopes/tracker-api.ts';
import { defaultSecretsWarning } from './config/default-secrets.ts';
import { dkimSettings } from './config/dkim-settings.ts';
import { type Env, type ServiceName, trustProxyOption } from './config/env.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandling, tenantNotFound } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerUnsafeStringGuard } from './http/unsafe-strings-guard.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { createRevocationList, type RevocationList } from './modules/auth/revocation-list.ts';
import { createDrain, type Drain, shutdownBudget } from './modules/health/drain.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerKeySchedule } from './modules/identity/key-rotation-job.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { devMailRoutes } from './modules/mail/routes.ts';
import { notificationFeedRoutes } from './modules/notification-centre/feed-routes.ts';
import { decorateNotifications } from './modules/notifications/plugin.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { createRateLimitStore, type RateLimitStore } from './modules/rate-limits/shared-rate-limiter.ts';
import { storeRoutes } from './modules/store/routes.ts';
import { createLogoPngs, type LogoPngs } from './modules/tenants/logo-png/logo-pngs.ts';
import { createLogoRasterizer } from './modules/tenants/logo-png/rasterizer.ts';
import { createPublicUrls, type PublicUrls } from './modules/tenants/public-urls.ts';
import { tenantRoutes } from './modules/tenants/routes.ts';
import {
  createTenantResolver,
  followTenantChanges,
  type TenantResolver,
} from './modules/tenants/tenant-resolver.ts';
import { bindRequestLogContext, withLogContext } from './observability/log-context.ts';
import { countRequests, metricsServed, registerMetrics } from './observability/metrics-routes.ts';
import { traceQueries } from './observability/traced-database.ts';
import { tracingPlugin } from './observability/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DatabaseHandle;
    env: Env;
    tenants: TenantResolver;
    /** Every absolute URL of a store, from configuration (PUBLIC_URL_TEMPLATE + canonical host). */
    publicUrls: PublicUrls;
    /** The store the request addresses (exact host and served port), or 404 `tenant_not_found`. */
    requireTenant(request: FastifyRequest): Promise<Tenant>;
    /** Revoked access tokens, kept in step with the database across processes. */
    revocations: RevocationList;
    /** Rate-limit counters shared by every process: Redis, PostgreSQL, or memory on PGlite. */
    rateLimits: RateLimitStore;
    /** Outgoing e-mail (SMTP_URL, or the local sink). */
    mailer: Mailer;
    /** The PNG of each store's logo that e-mails show, drawn once per logo. */
    logoPngs: LogoPngs;
    /** The shutdown: /readyz says draining once it began (main.ts begins it on SIGTERM). */
    drain: Drain;
  }
}

export interface BuildAppOptions {
  env: Env;
  db: DatabaseHandle;
  services: ReadonlySet<ServiceName>;
  logger?: FastifyServerOptions['logger'];
}

export const DEFAULT_PORTAL_DIST = fileURLToPath(new URL('../../portal/dist/', import.meta.url));

/**
 * Zod's compilers (fastify-type-provider-zod) as Fastify's compiler factories. Fastify's types name its own
 * (ajv's and fast-json-stringify's); what it calls is a function of the route's schema, which Zod's are.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Builds the whole HTTP application as one Fastify instance, in a stated order:
 * security and errors → shared decorations (database, config, tenant resolver) → module routes.
 * `main.ts` starts it; tests build it the same way and call `inject`.
 */
export async function buildApp({
  env,
  db: handle,
  services,
  logger = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Tracing on (observability/tracing.ts): PGlite's queries get spans of their own; PostgreSQL's come from pg.
  const tracing = tracingPlugin();
  const db = tracing ? traceQueries(handle) : handle;
  const app = Fastify({
    logger: withLogContext(logger),
    bodyLimit: env.BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    return503OnClosing: true,
    // Zod's compilers for every route (fastify-type-provider-zod), given at creation: Fastify's own JSON Schema
    // compilers (ajv and fast-json-stringify, about 100 modules) are then never loaded (bench/startup).
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Per-request log lines only at debug level: errors and warnings are logged where they happen.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
  });
  if (tracing) await app.register(tracing); // first: its request span encloses every hook and handler
  const secretsWarning = defaultSecretsWarning(env);
  if (secretsWarning) app.log.warn(secretsWarning); // every process, at start: the public default is in use

  registerSecurityHeaders(app);
  await registerCompression(app);
  registerErrorHandling(app);
  registerUnsafeStringGuard(app); // NUL / invalid UTF-8 in any input → 400 naming the field

  app.decorate('drain', createDrain(shutdownBudget(env, services)));
  decorateStores(app, env, db);
  if (logger && env.LOG_LEVEL !== 'silent') bindRequestLogContext(app); // store code, trace id on its lines
  if (metricsServed(env)) countRequests(app);
  await decorateSharedState(app, env, db);
  await decorateMail(app, env, db);
  await registerRoutes(app, env, services);
  return app;
}

/** The database, the settings, the public URLs and the store of each request. */
function decorateStores(app: FastifyInstance, env: Env, db: DatabaseHandle) {
  app.decorate('db', db);
  app.decorate('env', env);
  // `{port}` of PUBLIC_URL_TEMPLATE: the port this server listens on (the system's pick for PORT=0). Asked on
  // every request (the served-port rule): kept once the server listens, as address() is a system call.
  let boundPort: number | undefined;
  const listeningPort = () => {
    boundPort ??= (app.server.address() as AddressInfo | null)?.port;
    return boundPort ?? env.PORT;
  };
  app.decorate(
    'publicUrls',
    createPublicUrls(env.PUBLIC_URL_TEMPLATE, listeningPort, {
      siteUrl: env.PLATFORM_SITE_URL,
      searchUrl: env.PLATFORM_SEARCH_URL,
    }),
  );
  app.decorate('tenants', createTenantResolver(db, app.publicUrls));
  app.decorate('requireTenant', async (request: FastifyRequest) => {
    const tenant = await app.tenants.ofRequest(request);
    if (!tenant) throw tenantNotFound({ email: env.SUPPORT_EMAIL, ...app.publicUrls.platform() });
    return tenant;
  });
}

/**
 * Shared state across processes (docs/ARCHITECTURE.md, scale-out): a tenant written anywhere, or a token
 * revoked anywhere, reaches this process's caches by the database's NOTIFY (sent by triggers on commit);
 * revocations are also re-read every 2 s, so a lost notification delays one by at most that. Rate-limit
 * counters live in Redis, PostgreSQL or (PGlite: one process) memory.
 */
async function decorateSharedState(app: FastifyInstance, env: Env, db: DatabaseHandle) {
  const stopFollowingTenants = await followTenantChanges(db, app.tenants);
  app.decorate(
    'revocations',
    createRevocationList(db, {
      onError: (err) => app.log.warn({ err }, 'revocations: refresh failed'),
    }),
  );
  await app.revocations.start();
  app.decorate(
    'rateLimits',
    await createRateLimitStore({ db, redisUrl: env.REDIS_URL, keyPrefix: env.RATE_LIMIT_KEY_PREFIX }),
  );
  app.addHook('onClose', async () => {
    await app.rateLimits.close();
    await app.revocations.stop();
    await stopFollowingTenants();
  });
}

/** The mailer (SMTP or the local sink), the e-mail logos and the change notifications. */
async function decorateMail(app: FastifyInstance, env: Env, db: DatabaseHandle) {
  app.decorate(
    'mailer',
    await createMailer({
      db,
      smtpUrl: env.SMTP_URL,
      sinkPort: env.SMTP_SINK_PORT,
      from: env.MAIL_FROM,
      dkim: dkimSettings(env),
    }),
  );
  app.addHook('onClose', () => app.mailer.close());
  // The PNG of each store's logo for e-mails, drawn on a worker thread.
  app.decorate('logoPngs', createLogoPngs(db, createLogoRasterizer()));
  app.addHook('onClose', () => app.logoPngs.close());
  // Change notifications: pg-boss (lazy) + the notification sender; its worker also runs the identity keys'
  // rotation schedule.
  decorateNotifications(app, registerKeySchedule);
}

/** The routes of the services this process runs (`--services`). */
async function registerRoutes(app: FastifyInstance, env: Env, services: ReadonlySet<ServiceName>) {
  await app.register(healthRoutes);
  registerMetrics(app); // `/metrics`: 404 unless METRICS_TOKEN (and no METRICS_PORT)
  if (app.mailer.transport === 'sink') await app.register(devMailRoutes);
  // Before the routes it documents (it collects them as they are added): the authn API and the web side.
  if (services.has('web')) await app.register(openApiDocument);
  if (services.has('idp')) await app.register(identityProvider);
  if (services.has('web')) {
    await app.register(tenantRoutes);
    await app.register(authPlugin);
    await app.register(trackerApi);
    await app.register(consoleApi);
    await app.register(organisationsApi);
    await app.register(notificationRoutes);
    await app.register(notificationFeedRoutes);
    await app.register(storeRoutes);
    await app.register(apiReferencePage);
    await app.register(portalRoutes, { distDir: env.PORTAL_DIST ?? DEFAULT_PORTAL_DIST });
  }
}
