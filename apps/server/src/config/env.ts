import { z } from 'zod';

/**
 * Every environment variable Trackwell reads, with its default: the one source of truth for configuration
 * (the README's table is written from this). Parsed once at start; a bad value stops the process with a list
 * of every problem.
 */

export const SERVICE_NAMES = ['web', 'idp', 'worker'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
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
  /** Seed the demo tenants and catalogue when the database has no tenant yet. */
  SEED_DEMO: bool.default(true),
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* headers (set when behind a load balancer): true, false, or a comma list of proxy IPs. */
  TRUST_PROXY: z.string().default('false'),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  /** The support contact shown on the full-page error page when a host maps to no tenant. */
  SUPPORT_EMAIL: z.email().default('support@trackwell.example'),
  /** Where the built portal is served from. */
  PORTAL_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
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
