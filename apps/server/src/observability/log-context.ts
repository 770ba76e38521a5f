import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { activeTraceId } from './spans.ts';

/**
 * What every log line says about where it comes from, and nothing about who: a request's lines carry its
 * request id (`requestId`, Fastify's), its store (`tenant`, the store's code) and its trace (`traceId`, with
 * tracing on); a job's lines carry the trace of the job they are logged in. No line carries a client's
 * address, a query string (signed links and tokens travel there) or an e-mail address.
 */

const BOUND = Symbol('request log context');
type Bindable = { [BOUND]?: true };

type LoggerOption = FastifyServerOptions['logger'];

/** The pino options with the trace id of the active span on every line, and requests logged without PII. */
export function withLogContext(logger: LoggerOption): LoggerOption {
  if (!logger || typeof logger !== 'object') return logger;
  const own = logger.mixin;
  return {
    ...logger,
    mixin(object, level, instance) {
      const base = own ? own.call(this, object, level, instance) : {};
      // A request's logger has its trace bound once (below): not twice on one line.
      if ((instance as Bindable)[BOUND]) return base;
      const traceId = activeTraceId();
      return traceId ? { ...base, traceId } : base;
    },
    serializers: {
      ...logger.serializers,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        host: request.host,
        route: request.routeOptions?.url,
      }),
    },
  };
}

/**
 * Binds the store's code and the trace id to the request's logger (and the reply's, which logs "request
 * completed"), in onRequest once the request's span exists. Registered only when something is logged.
 */
export function bindRequestLogContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const tenant = await app.tenants.ofRequest(request).catch(() => undefined);
    const traceId = activeTraceId();
    if (!tenant && !traceId) return;
    const child = request.log.child({
      ...(tenant ? { tenant: tenant.code } : {}),
      ...(traceId ? { traceId } : {}),
    });
    (child as Bindable)[BOUND] = true;
    request.log = child;
    reply.log = child;
  });
}
