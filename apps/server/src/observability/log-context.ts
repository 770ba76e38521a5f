import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { activeTraceId } from './spans.ts';

/**
 * What every log line says about where it comes from, and nothing about who: a request's lines carry its
 * request id (`requestId`, Fastify's), its store (`tenant`, the store's code) and its trace (`traceId`, with
 * tracing on); a job's lines carry the trace of the job they are logged in. No line carries a client's
 * address, a query string (signed links and tokens travel there) or an e-mail address (not even in an error).
 */

const BOUND = Symbol('request log context');
const PROCESS_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
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
      err: errorForLog,
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
    // The process's own answers never wait on the database (a liveness check must not, with it down).
    const storeless = PROCESS_ROUTES.has(request.routeOptions.url ?? '');
    const tenant = storeless ? undefined : await app.tenants.ofRequest(request).catch(() => undefined);
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

/** Something that looks like an e-mail address (an SMTP reply may quote the recipient): never logged. */
const ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const redact = (text: string) => text.replace(ADDRESS, '[address]');

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** pino's error shape (type, message, stack, code, cause) with e-mail addresses replaced. */
export function errorForLog(error: Error): LoggedError {
  if (!(error instanceof Error)) return error as never; // something else logged as `err`: as it is
  const e = error as Error & { code?: unknown; statusCode?: unknown; responseCode?: unknown };
  return {
    type: e.name,
    message: redact(String(e.message)),
    stack: redact(String(e.stack ?? '')),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.responseCode !== undefined ? { responseCode: e.responseCode } : {}),
    ...(e.cause !== undefined ? { cause: e.cause instanceof Error ? errorForLog(e.cause) : e.cause } : {}),
  };
}
