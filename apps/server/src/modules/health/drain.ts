import type { Env, ServiceName } from '../../config/env.ts';

/**
 * A process's shutdown (a rolling upgrade's SIGTERM): once it begins, /readyz answers 503 `draining` so a
 * load balancer stops sending new requests; the process still serves every request for the grace, then
 * stops accepting connections, finishes the requests in flight and hands its running jobs back (main.ts).
 */
export interface Drain {
  /** True from the moment the shutdown began. */
  readonly draining: boolean;
  /** How long each phase may take (SHUTDOWN_GRACE_SECONDS, SHUTDOWN_TIMEOUT_SECONDS). */
  readonly budget: ShutdownBudget;
  begin(): void;
}

export function createDrain(budget: ShutdownBudget): Drain {
  let draining = false;
  return {
    budget,
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/** How long each phase of a shutdown may take, in milliseconds. */
export interface ShutdownBudget {
  /** /readyz says draining while requests are still served: only a process that serves HTTP traffic waits. */
  graceMs: number;
  /** Running jobs may finish within this; then they are failed back to the queue (retried elsewhere). */
  jobsMs: number;
  /** The whole shutdown; past it the process exits 1. */
  totalMs: number;
}

/** Room left after the jobs for closing the pools, the SMTP connections and the database. */
const CLOSING_MS = 3000;

export function shutdownBudget(
  env: Pick<Env, 'SHUTDOWN_GRACE_SECONDS' | 'SHUTDOWN_TIMEOUT_SECONDS'>,
  services: ReadonlySet<ServiceName>,
): ShutdownBudget {
  const totalMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  const servesTraffic = services.has('web') || services.has('idp');
  const graceMs = servesTraffic ? Math.min(env.SHUTDOWN_GRACE_SECONDS * 1000, totalMs / 2) : 0;
  return { graceMs, jobsMs: Math.max(1000, totalMs - graceMs - CLOSING_MS), totalMs };
}
