import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@trackwell/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Env, type ServiceName, trustProxyOption } from './config/env.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { tenantRoutes } from './modules/tenants/routes.ts';
import { createTenantResolver, type TenantResolver } from './modules/tenants/tenant-resolver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DatabaseHandle;
    env: Env;
    tenants: TenantResolver;
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
 * Builds the whole HTTP application as one Fastify instance, in a stated order:
 * security and errors → shared decorations (database, config, tenant resolver) → module routes.
 * `main.ts` starts it; tests build it the same way and call `inject`.
 */
export async function buildApp({
  env,
  db,
  services,
  logger = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: env.BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    return503OnClosing: true,
    // Per-request log lines only at debug level: errors and warnings are logged where they happen.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);
  registerErrorHandling(app);

  app.decorate('db', db);
  app.decorate('env', env);
  app.decorate('tenants', createTenantResolver(db));

  await app.register(healthRoutes);
  if (services.has('web')) {
    await app.register(tenantRoutes);
    await app.register(portalRoutes, { distDir: env.PORTAL_DIST ?? DEFAULT_PORTAL_DIST });
  }
  return app;
}
