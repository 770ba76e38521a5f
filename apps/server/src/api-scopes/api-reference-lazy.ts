import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';

/** Headers of Scalar's answers that the outer reply sets itself (length, framing, date). */
const OWN_HEADERS = new Set(['content-length', 'connection', 'date', 'transfer-encoding', 'keep-alive']);

/**
 * Scalar's API reference at `routePrefix`, loaded on the first request there. `@scalar/fastify-api-reference`
 * holds the reference's whole browser bundle as a string in its one module (about 19 MB of heap: its source
 * and the bundle, each 9 MB), which no other request needs, so it is not imported at start. The routes are
 * the plugin's own (the page, its script, the document as JSON and YAML, the redirect to the slash); each
 * answers what the plugin, registered on a small Fastify instance of its own at first use, answers to the
 * same request. The outer app's hooks (CSP, compression, the YAML cache) see these routes as before.
 */
export async function lazyScalarReference(
  app: FastifyInstance,
  { routePrefix, configuration }: { routePrefix: `/${string}`; configuration: Record<string, unknown> },
): Promise<void> {
  let inner: Promise<FastifyInstance> | undefined;
  const build = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const instance = Fastify({ logger: false });
    await instance.register(scalar, {
      routePrefix,
      configuration: { ...configuration, content: () => app.swagger() },
    });
    await instance.ready();
    return instance;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    inner ??= build().catch((error: unknown) => {
      inner = undefined; // a failed load is tried again by the next request
      throw error;
    });
    const answer = await (await inner).inject({
      method: 'GET',
      url: request.url,
      headers: { host: request.headers.host ?? 'localhost' },
    });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    return reply.send(answer.body);
  };
  const hidden = { schema: { hide: true } };
  for (const path of ['', '/', '/js/scalar.js', '/openapi.json', '/openapi.yaml'])
    app.get(`${routePrefix}${path}`, hidden, forward);
  app.addHook('onClose', async () => {
    if (inner) await (await inner.catch(() => undefined))?.close();
  });
}
