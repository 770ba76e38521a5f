import { RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A shared counter (Redis or PostgreSQL) asked once per few calls instead of once per call: the process takes
 * a lease of `leaseSize` points in one consume and spends them locally until they run out or the window ends.
 * Concurrent calls for one key wait for the one lease being taken; once the shared counter is used up, the
 * process refuses the key's calls itself until the window ends, without asking again.
 *
 * What stays exact: one process allows exactly `points` calls per window. When fewer than a lease's points
 * are left, the lease that crosses the limit grants just those (the counter is then past the limit, so every
 * other process is refused from then on). What becomes approximate, with several processes: the points
 * another process holds unused are not available here until the window ends, so a key may be refused up to
 * (leaseSize − 1) × (other processes) calls early; never late. `remaining` counts the shared counter and this
 * process's lease.
 */

export interface Verdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends (the Retry-After when refused). */
  resetMs: number;
}

/** The store's consume: resolves when allowed, rejects with a RateLimiterRes when over the limit. */
export type ConsumePoints = (key: string, points: number) => Promise<RateLimiterRes>;

interface Lease {
  /** Points of this lease not yet spent. */
  left: number;
  /** Epoch ms when the shared window ends (and the lease with it). */
  until: number;
  /** The shared counter's remaining points when the lease was taken. */
  sharedRemaining: number;
  /** The shared counter has no points left in this window: refuse once `left` is spent. */
  exhausted: boolean;
}

/** One point per call for small limits (exact everywhere); up to 10 per lease for limits of 1,000 and more. */
export const leaseSizeFor = (points: number) => Math.max(1, Math.min(10, Math.floor(points / 100)));

/** Leases of keys not called for a while are dropped once this many are held. */
const MAX_LEASES = 10_000;

/** This process's leases, one per key: spend from one, keep what the store granted, drop idle ones. */
function createLeaseBook(points: number, now: () => number) {
  const leases = new Map<string, Lease>();

  const dropIdle = (at: number) => {
    for (const [key, lease] of leases)
      if (lease.until <= at || (lease.left === 0 && !lease.exhausted)) leases.delete(key);
    if (leases.size >= MAX_LEASES) leases.clear(); // all live: forgetting only makes their next calls ask the store
  };

  return {
    /** The key's verdict from its lease of this window, if that lease decides it. */
    spend(key: string): Verdict | undefined {
      const at = now();
      const lease = leases.get(key);
      if (!lease || lease.until <= at) return undefined;
      if (lease.left > 0) {
        lease.left--;
        const remaining = lease.sharedRemaining + lease.left;
        return { allowed: true, limit: points, remaining, resetMs: lease.until - at };
      }
      if (lease.exhausted) return { allowed: false, limit: points, remaining: 0, resetMs: lease.until - at };
      return undefined;
    },

    /** Keeps what the store granted, added to a lease of the same window taken meanwhile. */
    keep(key: string, granted: number, res: RateLimiterRes, exhausted: boolean): Lease {
      const at = now();
      const held = leases.get(key);
      if (held && held.until > at) {
        held.left += granted;
        held.sharedRemaining = Math.min(held.sharedRemaining, res.remainingPoints);
        held.exhausted ||= exhausted;
        return held;
      }
      if (leases.size >= MAX_LEASES) dropIdle(at);
      const lease = {
        left: granted,
        until: at + res.msBeforeNext,
        sharedRemaining: res.remainingPoints,
        exhausted,
      };
      leases.set(key, lease);
      return lease;
    },
  };
}

export function createLeasedLimiter(
  consume: ConsumePoints,
  points: number,
  { leaseSize = leaseSizeFor(points), now = Date.now } = {},
) {
  const book = createLeaseBook(points, now);
  const taking = new Map<string, Promise<void>>();

  /**
   * Takes a lease from the shared counter (all of it, the points left before the limit, or none) and spends
   * its first point on the call that took it.
   */
  const takeLease = async (key: string): Promise<Verdict> => {
    let res: RateLimiterRes;
    let granted = leaseSize;
    try {
      res = await consume(key, leaseSize);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      res = rejection;
      // The points that were left before this lease crossed the limit are this process's to spend.
      granted = Math.max(0, Math.min(points - (rejection.consumedPoints - leaseSize), leaseSize));
    }
    const lease = book.keep(
      key,
      Math.max(0, granted - 1),
      res,
      granted < leaseSize || res.remainingPoints <= 0,
    );
    const resetMs = Math.max(0, lease.until - now());
    if (granted === 0) return { allowed: false, limit: points, remaining: 0, resetMs };
    return { allowed: true, limit: points, remaining: lease.sharedRemaining + lease.left, resetMs };
  };

  return {
    /**
     * The verdict this process's lease of the key gives without asking the shared counter (most calls), or
     * undefined when only `consume` can say. Synchronous, so a caller on the hot path awaits nothing then.
     */
    decideLocally: (key: string): Verdict | undefined => book.spend(key),
    async consume(key: string): Promise<Verdict> {
      for (;;) {
        const verdict = book.spend(key);
        if (verdict) return verdict;
        const pending = taking.get(key);
        if (pending) {
          await pending; // a concurrent call is taking this key's lease: share it
          continue;
        }
        const request = takeLease(key).finally(() => taking.delete(key));
        const settled = request.then(
          () => {},
          () => {},
        );
        taking.set(key, settled);
        return request;
      }
    },
  };
}
