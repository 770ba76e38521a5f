import { z } from 'zod';
import { BUILT_IN_SECRETS } from './default-secrets.ts';
import { dkimProblems } from './dkim-settings.ts';

/**
 * Every environment variable Trackwell reads, with its default: the one source of truth for configuration
 * (the table in docs/configuration.md is written from this). Parsed once at start; a bad value stops the process with a list
 * of every problem.
 */

export const SERVICE_NAMES = ['web', 'idp', 'worker'] as const;
/** OpenTelemetry's sampler names (OTEL_TRACES_SAMPLER), as its SDKs read them. */
export const TRACE_SAMPLERS = [
  'parentbased_always_on',
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  /**
   * `production` turns on the production checks (config/production-checks.ts): the server refuses to start
   * with a built-in default secret, the local mail sink, demo accounts or private outbound addresses.
   */
  NODE_ENV: z.string().optional(),
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on; `localhost` answers on 127.0.0.1 and ::1. Use 0.0.0.0 in a container. */
  HOST: z.string().min(1).default('localhost'),
  /** Where embedded data lives (the PGlite database under `pglite/`). */
  DATA_DIR: z.string().min(1).default('.data'),
  /** `postgres://user:pass@host:5432/db` selects a PostgreSQL server instead of embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** PostgreSQL connection pool size per process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Which services this process runs: any of web, idp, worker (comma-separated). `--services` overrides it. */
  SERVICES: z.string().default('web,idp,worker'),
  /** On SIGTERM /readyz says draining this long while requests are still served (web/idp; docs/upgrades.md). */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** The bound on a shutdown: jobs get what is left after the grace, then go back to the queue; then exit 1. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Seed the demo tenants and catalogue when the database has no tenant yet. */
  SEED_DEMO: bool.default(true),
  /**
   * PGlite with SEED_DEMO: where the first start keeps a copy of the demo database it seeded, which a start on
   * an empty data directory copies instead of seeding again (packages/db/src/pglite-template.ts). With or
   * without SEED_DEMO, also where PGlite's blank cluster is kept (by `npm install`, else by the first start
   * that runs initdb), which such a start copies when there is no demo template. `none`: no copy. Unset:
   * `node_modules/.cache/trackwell` in the project.
   */
  DEMO_TEMPLATE_DIR: z.string().min(1).optional(),
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * OpenTelemetry traces, exported with OTLP over HTTP to this collector (`http://collector:4318`; the standard
   * OTEL_EXPORTER_OTLP_* variables refine it). Unset: no tracing at all, nothing started.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The `service.name` of the traces. */
  OTEL_SERVICE_NAME: z.string().min(1).default('trackwell'),
  /**
   * Which traces are kept, by the OpenTelemetry names: parentbased_always_on (all; a caller's decision in its
   * `traceparent` is followed), always_on, always_off, traceidratio, parentbased_always_off,
   * parentbased_traceidratio. The ratio samplers keep OTEL_TRACES_SAMPLER_ARG of the traces.
   */
  OTEL_TRACES_SAMPLER: z.enum(TRACE_SAMPLERS).default('parentbased_always_on'),
  /** The share of traces the ratio samplers keep, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /** Serve Prometheus metrics at `/metrics` on this port only (not on the stores' hosts); unset: not served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of METRICS_PORT (default: HOST). */
  METRICS_HOST: z.string().min(1).optional(),
  /**
   * A bearer token for `/metrics` (`Authorization: Bearer …`): on the main port without METRICS_PORT,
   * and required on METRICS_PORT too when both are set.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Trust X-Forwarded-* headers (set when behind a load balancer): true, false, or a comma list of proxy IPs. */
  TRUST_PROXY: z.string().default('false'),
  /**
   * Let the server's outgoing requests to addresses users give (the console's identity "test connection",
   * webhooks) use http and reach private, loopback and link-local addresses. Development and tests only.
   */
  CONSOLE_OUTBOUND_ALLOW_PRIVATE: bool.default(false),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** The support contact shown on the full-page error page when a host maps to no tenant. */
  SUPPORT_EMAIL: z.email().default('support@trackwell.example'),
  /**
   * The platform's own site, where the full-page error page's "Go to the homepage" leads a visitor whose
   * address names no store. `{port}` is the port the server listens on. The default is the demo platform
   * store of `npm start`; production: your platform's public site, e.g. `https://standards.example/`.
   */
  PLATFORM_SITE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>\\]+$/, 'must be an http(s) URL')
    .default('http://localhost:{port}/'),
  /** The platform site's search page for the same error page's "use search" link (default: the site). */
  PLATFORM_SEARCH_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>\\]+$/, 'must be an http(s) URL')
    .optional(),
  /** Where the built portal is served from. */
  PORTAL_DIST: z.string().optional(),
  /**
   * Tracker, member, resolver and flag API calls allowed per signed-in user per minute (then 429). The portal
   * makes a handful per page view; raise it for load tests.
   */
  TRACKER_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /**
   * Users API calls (`/api/v1/users*`) allowed per store API token per minute (then 429 E0000047
   * with Okta's X-Rate-Limit-* headers). Okta's own default for these routes is 600.
   */
  PROVISIONING_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /**
   * A Redis server (`redis://[:password@]host:6379[/db]`, `rediss://…`) for the tracker API's rate-limit
   * counters, shared by every process. Unset: on PostgreSQL (`DATABASE_URL`) the counters are a table of the
   * same database (still shared); on PGlite (one process) they live in memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prefix of Trackwell's rate-limit keys, so several deployments (or test runs) can share one Redis server. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits, _ : . - (at most 64)')
    .default('trackwell:'),
  /**
   * Outgoing mail relay, e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…`. Unset: the in-process
   * SMTP sink receives every message and the local mail inbox (`/_dev/mail`) shows them.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * Who may read the local mail inbox (`/_dev/mail*`, only without SMTP_URL), which shows every store's reset
   * and unlock links: `loopback` (default) answers only clients on this machine (127.0.0.0/8, ::1; behind a
   * proxy, with TRUST_PROXY, every forwarded hop too) and refuses others with 403; `any` serves everyone.
   */
  DEV_MAIL_ACCESS: z.enum(['loopback', 'any']).default('loopback'),
  /** Port of the local SMTP sink on 127.0.0.1 (used only without SMTP_URL); 0 picks a free port. */
  SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  /**
   * DKIM signing of every outgoing message (nodemailer's `dkim` option), for the SMTP_URL relay (and the local
   * sink, to preview it). All or none: the signing domain (`d=`), the selector (`s=`, the DNS record is
   * `<selector>._domainkey.<domain>`), and the private key as PEM (`\n` escapes allowed) or a file holding it.
   */
  SMTP_DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name')
    .optional(),
  /** The DKIM selector (`s=`). */
  SMTP_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9._-]{0,62})$/i, 'must be a DKIM selector (letters, digits, ., -, _)')
    .optional(),
  /** The DKIM private key (PEM); or SMTP_DKIM_PRIVATE_KEY_FILE. */
  SMTP_DKIM_PRIVATE_KEY: z.string().optional(),
  /** A file with the DKIM private key (PEM), e.g. a mounted secret. */
  SMTP_DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  /** The From address of identity and notification e-mails. */
  MAIL_FROM: z.string().min(3).default('Trackwell <no-reply@trackwell.example>'),
  /** Consecutive wrong passwords after which the embedded identity provider locks an account (unlock by e-mail). */
  IDP_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(5),
  /** Sign-in attempts allowed per client IP per minute on the embedded identity provider (then 429 E0000047). */
  IDP_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Sign-in attempts allowed per user per minute (then 429 E0000047). */
  IDP_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * MyAccount step-up: password changes need a sign-in at most this many seconds old; older tokens get
   * 403 `insufficient_authentication_context` with `max_age` (okta-auth-js then re-authenticates).
   */
  IDP_STEP_UP_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Days a store's identity signing key signs before the schedule rotates it (0: never on its own; the console
   * and `npm run identity:keys` still rotate).
   */
  IDP_KEY_ROTATION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /**
   * Seconds a rotation's new key is listed in the JWKS before it signs: at least as long as relying parties
   * cache the JWKS (the tracker API's verifier: 10 minutes).
   */
  IDP_KEY_PUBLISH_AHEAD_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(600),
  /**
   * A store's public origin, the one source of every absolute URL the product emits (e-mail links, the
   * issuer and its discovery, the tenant configuration's URIs, redirects); never the request's Host.
   * `{host}` is the store's canonical (first) host name, `{port}` the port the server listens on.
   * Requests must name a store's host exactly, on the listening port or this template's port.
   * Production behind a TLS proxy: `https://{host}` (https turns on production mode: production-checks.ts).
   */
  PUBLIC_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/[^/]*\{host\}[^/]*$/, 'must look like https://{host} or http://{host}:{port}')
    .default('http://{host}:{port}'),
  /**
   * HMAC key of every signed link (unsubscribe, follow a successor, feed URLs, message views; at least 32
   * characters). The default is for local use only: production mode refuses it, as anyone could forge links.
   */
  NOTIFICATIONS_SECRET: z.string().min(32).default(BUILT_IN_SECRETS.NOTIFICATIONS_SECRET),
  /**
   * Rotation: the secrets NOTIFICATIONS_SECRET had before (a comma list, newest first, each at least 32
   * characters). Links they signed (unsubscribe, follow a successor, feed URLs, message views) are still
   * accepted; new ones are signed with NOTIFICATIONS_SECRET only. Accepted until removed from here
   * (docs/configuration.md#rotating-a-secret says when).
   */
  NOTIFICATIONS_SECRET_PREVIOUS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each previous secret must have at least 32 characters')).max(5))
    .optional(),
  /** How long an e-mail's unsubscribe link stays valid, in days. */
  NOTIFICATIONS_UNSUBSCRIBE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The `mailto:` of the List-Unsubscribe header; unset: `unsubscribe@` + the domain of MAIL_FROM. */
  NOTIFICATIONS_UNSUBSCRIBE_MAILTO: z.email().optional(),
  /** Notification e-mails per sender job (one pg-boss job sends this many, each recipient once). */
  NOTIFICATIONS_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  /** SMTP connections the notification sender keeps open (nodemailer pool). */
  NOTIFICATIONS_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * How long a sender holds the recipients it is e-mailing. A worker that dies (SIGKILL, power loss) leaves
   * them to the next worker after this many seconds; keep it well above the time one batch takes.
   */
  NOTIFICATIONS_CLAIM_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * How often the digest job runs at most (one pg-boss singleton slot of this many seconds, for
   * every worker together): a digest goes out within this after its hour.
   */
  NOTIFICATIONS_DIGEST_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Retries of a sender job after SMTP 4xx or connection errors, with exponential backoff. */
  NOTIFICATIONS_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  /** First retry delay in seconds (then doubling, with jitter, up to an hour). */
  NOTIFICATIONS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Webhooks may reach private, loopback, link-local and unique-local addresses, and be
   * registered with http:// URLs. Off by default (server-side request forgery); for local development only.
   */
  WEBHOOKS_ALLOW_PRIVATE: bool.default(false),
  /** Attempts of a webhook message (the first and its retries) before it is marked failed. */
  WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Delay before a webhook's second attempt in seconds; each next one waits twice as long (at most a day). */
  WEBHOOKS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long a webhook attempt waits for the receiver's answer, in seconds. */
  WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value means "not set" (`DATABASE_URL= npm start`), as in most tools.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(set);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const dkim = dkimProblems(result.data);
  if (dkim.length > 0) throw new EnvError(dkim);
  return result.data;
}

/** `web,idp` → the set of services; unknown names are an error. */
export function parseServices(value: string): Set<ServiceName> {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SERVICE_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new EnvError([`services: expected some of ${SERVICE_NAMES.join(', ')}, got "${value}"`]);
  }
  return new Set(names as ServiceName[]);
}

/** TRUST_PROXY as Fastify's trustProxy option. */
export function trustProxyOption(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value.split(',').map((s) => s.trim());
}
