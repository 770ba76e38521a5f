import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** One fuzz target: a method and URL pattern of a registered route, with the route's schema if it has one. */
export interface FuzzRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

/**
 * Records every route the app registers, whatever module adds it: Fastify publishes each new instance on the
 * `fastify.initialization` diagnostics channel before any plugin runs, so an onRoute hook added there sees
 * every route (HEAD twins and wildcard routes included). Call `stop()` once the app is built.
 */
export function recordRoutes(): { routes: FuzzRoute[]; stop(): void } {
  const routes: FuzzRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routes.push({ method: String(method), url: route.url, schema: route.schema });
      }
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return { routes, stop: () => diagnostics.unsubscribe('fastify.initialization', onInit) };
}

export const routeName = (r: Pick<FuzzRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
