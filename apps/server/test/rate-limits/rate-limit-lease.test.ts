import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createLeasedLimiter, leaseSizeFor } from '../../src/modules/rate-limits/leased-limiter.ts';

/**
 * The shared rate-limit counters are taken a few points at a time (modules/rate-limits/leased-limiter.ts):
 * exact within one process, never more than the limit across processes, one store call per lease.
 */

/** rate-limiter-flexible's own in-memory store, as the shared counter; counts the calls made to it. */
function sharedCounter(points: number) {
  const store = new RateLimiterMemory({ points, duration: 60 });
  const counter = {
    calls: 0,
    consume: (key: string, n: number) => {
      counter.calls++;
      return store.consume(key, n);
    },
  };
  return counter;
}

/** A fixed-window counter on a clock the test moves. */
function clockedCounter(points: number, windowMs: number) {
  const clock = { now: 1_000_000 };
  let windowEnd = 0;
  let used = 0;
  const counter = {
    clock,
    calls: 0,
    consume: async (_key: string, n: number) => {
      counter.calls++;
      if (clock.now >= windowEnd) [windowEnd, used] = [clock.now + windowMs, 0];
      used += n;
      const res = new RateLimiterRes(Math.max(0, points - used), windowEnd - clock.now, used);
      if (used > points) throw res;
      return res;
    },
  };
  return counter;
}

async function callsAllowed(limiter: { consume(key: string): Promise<{ allowed: boolean }> }, n: number) {
  let allowed = 0;
  for (let i = 0; i < n; i++) if ((await limiter.consume('user-1')).allowed) allowed++;
  return allowed;
}

describe('leased rate limits', () => {
  it('one point per call below 200 a minute; up to 10 per lease from 1,000', () => {
    expect([3, 20, 199, 200, 600, 999, 1_000, 10_000_000].map(leaseSizeFor)).toEqual([
      1, 1, 1, 2, 6, 9, 10, 10,
    ]);
  });

  it('one process allows exactly the limit, asking the shared counter once per 10 calls', async () => {
    const shared = sharedCounter(1_005);
    const limiter = createLeasedLimiter(shared.consume, 1_005);
    expect(await callsAllowed(limiter, 1_005)).toBe(1_005);
    expect(shared.calls).toBe(101); // 100 full leases, then the 5 points left before the limit
    const refused = await limiter.consume('user-1');
    expect(refused).toMatchObject({ allowed: false, limit: 1_005, remaining: 0 });
    expect(refused.resetMs).toBeGreaterThan(0);
    await limiter.consume('user-1');
    expect(shared.calls).toBe(101); // refused here until the window ends, without asking again
    expect((await limiter.consume('user-2')).allowed).toBe(true); // another key has its own points
  });

  it('decides on its own, without waiting, the calls its lease covers; the others it leaves to consume', async () => {
    const shared = sharedCounter(25);
    const limiter = createLeasedLimiter(shared.consume, 25, { leaseSize: 10 });
    expect(limiter.decideLocally('user-1')).toBeUndefined(); // no lease yet: only the store can say
    expect(shared.calls).toBe(0);
    // Whichever way each call is decided, one process allows exactly the limit, counting down as it goes.
    const verdicts = [];
    for (let i = 0; i < 30; i++)
      verdicts.push(limiter.decideLocally('user-1') ?? (await limiter.consume('user-1')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(25);
    expect(verdicts.slice(0, 25).map((v) => v.remaining)).toEqual(
      Array.from({ length: 25 }, (_, i) => 24 - i),
    );
    expect(verdicts.slice(25).every((v) => !v.allowed && v.remaining === 0 && v.resetMs > 0)).toBe(true);
    expect(shared.calls).toBe(3); // two leases of 10, then the 5 points left; the refusals asked nothing
    expect(limiter.decideLocally('user-2')).toBeUndefined(); // another key has no lease of its own yet
  });

  it("remaining counts down by one per call, the shared counter's and the lease's together", async () => {
    const limiter = createLeasedLimiter(sharedCounter(1_000).consume, 1_000);
    const remaining: number[] = [];
    for (let i = 0; i < 25; i++) remaining.push((await limiter.consume('user-1')).remaining);
    expect(remaining).toEqual(Array.from({ length: 25 }, (_, i) => 999 - i));
  });

  it('two processes on one counter never allow more than the limit together, and at most 9 fewer', async () => {
    const shared = sharedCounter(1_000);
    const [one, two] = [
      createLeasedLimiter(shared.consume, 1_000),
      createLeasedLimiter(shared.consume, 1_000),
    ];
    let allowed = 0;
    for (let i = 0; i < 1_100; i++) {
      if ((await one.consume('user-1')).allowed) allowed++;
      if (i % 3 === 0 && (await two.consume('user-1')).allowed) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(1_000);
    expect(allowed).toBeGreaterThanOrEqual(1_000 - 9);
  });

  it('concurrent calls share the lease being taken: 50 at once make 5 store calls, and all 50 are allowed', async () => {
    const shared = sharedCounter(1_000);
    const limiter = createLeasedLimiter(shared.consume, 1_000);
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.consume('user-1')));
    expect(verdicts.every((v) => v.allowed)).toBe(true);
    expect(shared.calls).toBe(5);
    expect(new Set(verdicts.map((v) => v.remaining)).size).toBe(50);
  });

  it('a burst past the limit at once: exactly the limit allowed, the rest refused', async () => {
    const shared = sharedCounter(205);
    const limiter = createLeasedLimiter(shared.consume, 205);
    const verdicts = await Promise.all(Array.from({ length: 300 }, () => limiter.consume('user-1')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(205);
  });

  it('a new window starts afresh: the lease of the old one is not spent in it', async () => {
    const shared = clockedCounter(1_000, 60_000);
    const limiter = createLeasedLimiter(shared.consume, 1_000, { now: () => shared.clock.now });
    expect(await callsAllowed(limiter, 1_000)).toBe(1_000);
    expect((await limiter.consume('user-1')).allowed).toBe(false);
    shared.clock.now += 30_000;
    expect((await limiter.consume('user-1')).allowed).toBe(false);
    shared.clock.now += 30_000; // the window has ended
    const calls = shared.calls;
    expect(await limiter.consume('user-1')).toMatchObject({ allowed: true, remaining: 999 });
    expect(shared.calls).toBe(calls + 1);
    // And a lease left unspent at a window's end is not carried into the next one.
    shared.clock.now += 60_000;
    expect(await limiter.consume('user-1')).toMatchObject({ allowed: true, remaining: 999 });
  });

  it('a store that fails (not a refusal) fails the call, and the next call asks again', async () => {
    let fail = true;
    const limiter = createLeasedLimiter(async () => {
      if (fail) throw new Error('connection refused');
      return new RateLimiterRes(990, 60_000, 10);
    }, 1_000);
    await expect(limiter.consume('user-1')).rejects.toThrow('connection refused');
    fail = false;
    expect(await limiter.consume('user-1')).toMatchObject({ allowed: true, remaining: 999 });
  });
});
