import {
  type DatabaseHandle,
  listTokenRevocationsAfter,
  purgeExpiredTokenRevocations,
  type RevocationReason,
  revokeAccessToken,
  revokeUserTokens,
  type TokenRevocation,
} from '@trackwell/db';

/**
 * The revoked access tokens, as every verifier in this process sees them (the embedded issuer's
 * introspection and userinfo, MyAccount, /api/identity/v1/me, the tracker APIs' auth plugin).
 *
 * The truth is the `token_revocations` table (migration 0008); this is an in-memory copy, so checking a token
 * costs two map look-ups and no query. The copy follows the table as a change feed (rows after the last
 * `seq` seen), and is brought up to date:
 *  - at once in the process that writes a revocation (write-through);
 *  - on the database's NOTIFY, sent by a trigger when the row commits (other processes: milliseconds);
 *  - and every `pollMs` whatever happens (2 s by default), so a lost notification or a dropped LISTEN
 *    connection delays a revocation by at most that: staleness is bounded without trusting the channel.
 *
 * Rules, for a token of `tenantId` that verified (signature, issuer, expiry):
 *  - its `jti` was revoked → refused;
 *  - its user has a cut-off that covers every token issued before it (sign-out, password reset, deactivation)
 *    and the token carries `rev` (the embedded issuer writes the user's last such `seq` into each token it
 *    issues, oidc/claims.ts) lower than the cut-off's `seq` → refused. Order, not clocks: a suspension, a
 *    sign-in and a deactivation within one second are told apart;
 *  - its user has a cut-off at T and its `iat` is before the second after T → refused, for a token without
 *    `rev` (an external issuer's) and, for every token, for a cut-off by time only (a password change that
 *    keeps the caller's token: T is that token's `iat`). `iat` has one-second resolution, so an external
 *    token issued in the same second as T, before it, is refused too.
 */

export const REVOCATIONS_CHANNEL = 'trackwell_revocations';
const DEFAULT_POLL_MS = 2_000;
const PURGE_EVERY_MS = 10 * 60_000;

export interface TokenToCheck {
  /** The token's `jti`. */
  jti?: string | undefined;
  /** Our users.id of the token's user (for an external issuer: the user its login names). */
  userId?: string | undefined;
  /** The token's `iat`, epoch seconds. */
  iat?: number | undefined;
  /** The embedded issuer's `rev` claim: the user's last covering revocation `seq` at issue. */
  rev?: number | undefined;
}

export interface RevocationList {
  isRevoked(tenantId: string, token: TokenToCheck): boolean;
  /** Revokes one token until its expiry (`exp`, epoch seconds); this process sees it at once. */
  revokeToken(tenantId: string, token: { jti: string; exp: number }): Promise<void>;
  /**
   * Revokes the user's tokens issued before `issuedBefore`; without it, every token issued before this
   * revocation (decided by order for the embedded issuer's tokens). This process sees it at once.
   */
  revokeUserTokens(
    tenantId: string,
    userId: string,
    reason: Exclude<RevocationReason, 'revoke'>,
    issuedBefore?: Date,
  ): Promise<void>;
  /** Cut-off of a user in the local copy, epoch seconds rounded up (0: none). */
  userCutoffSeconds(tenantId: string, userId: string): number;
  /** Reads what was written since the last read (also called by the poll and on NOTIFY). */
  refresh(): Promise<void>;
  /** Loads everything in force, then follows the table. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A user's cut-offs: by time for every row (`cutoffSeconds`), by time for rows that keep later tokens of the
 * same second (`timeOnlySeconds`), by order for rows that cover every token issued before them (`seq`).
 */
interface UserCutoff {
  cutoffSeconds: number;
  timeOnlySeconds: number;
  seq: number;
  expires: number;
}

function mergeCutoff(held: UserCutoff | undefined, r: TokenRevocation): UserCutoff {
  const seconds = Math.ceil((r.issuedBefore as Date).getTime() / 1000);
  const c = held ?? { cutoffSeconds: 0, timeOnlySeconds: 0, seq: 0, expires: 0 };
  return {
    cutoffSeconds: Math.max(c.cutoffSeconds, seconds),
    timeOnlySeconds: r.allIssued ? c.timeOnlySeconds : Math.max(c.timeOnlySeconds, seconds),
    seq: r.allIssued ? Math.max(c.seq, r.seq) : c.seq,
    expires: Math.max(c.expires, r.expiresAt.getTime()),
  };
}

function isCutOff(cut: UserCutoff, token: TokenToCheck): boolean {
  const iat = token.iat ?? 0;
  if (token.rev === undefined) return iat < cut.cutoffSeconds;
  return token.rev < cut.seq || iat < cut.timeOnlySeconds;
}

/** The in-memory copy: revoked token ids and user cut-offs, each until it expires. */
function createRevokedSet() {
  const tokens = new Map<string, number>(); // tenant\njti → expires (ms)
  const users = new Map<string, UserCutoff>(); // tenant\nuser → cut-offs
  let lastSeq = 0;
  return {
    lastSeq: () => lastSeq,
    apply(r: TokenRevocation) {
      const key = `${r.tenantId}\n${r.subject}`;
      const expires = r.expiresAt.getTime();
      if (r.kind === 'token') tokens.set(key, Math.max(tokens.get(key) ?? 0, expires));
      else if (r.issuedBefore) users.set(key, mergeCutoff(users.get(key), r));
      lastSeq = Math.max(lastSeq, r.seq);
    },
    sweep(now: number) {
      for (const [k, expires] of tokens) if (expires <= now) tokens.delete(k);
      for (const [k, v] of users) if (v.expires <= now) users.delete(k);
    },
    isRevoked(tenantId: string, token: TokenToCheck) {
      const now = Date.now();
      if (token.jti) {
        const expires = tokens.get(`${tenantId}\n${token.jti}`);
        if (expires !== undefined && expires > now) return true;
      }
      if (token.userId) {
        const cut = users.get(`${tenantId}\n${token.userId}`);
        if (cut && cut.expires > now && isCutOff(cut, token)) return true;
      }
      return false;
    },
    userCutoffSeconds(tenantId: string, userId: string) {
      const cut = users.get(`${tenantId}\n${userId}`);
      return cut && cut.expires > Date.now() ? cut.cutoffSeconds : 0;
    },
  };
}

/** `run` one call at a time: a call during a run makes one more run after it, and shares its promise. */
function oneAtATime(run: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again = false;
  const call = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  return { call, settled: () => running?.catch(() => {}) };
}

export function createRevocationList(
  db: DatabaseHandle,
  {
    pollMs = DEFAULT_POLL_MS,
    onError = (_error: unknown) => {},
    /** The instant a cut-off without one given is written at (tests hold it still). */
    now = () => new Date(),
  } = {},
): RevocationList {
  const revoked = createRevokedSet();
  let lastPurge = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const readChanges = async () => {
    for (;;) {
      const rows = await listTokenRevocationsAfter(db, revoked.lastSeq());
      for (const r of rows) revoked.apply(r);
      if (rows.length < 10_000) break;
    }
    const now = Date.now();
    if (now - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now;
      revoked.sweep(now);
      await purgeExpiredTokenRevocations(db);
    }
  };
  const reads = oneAtATime(readChanges);
  const refresh = reads.call;

  const poll = () => {
    timer = setTimeout(() => {
      refresh()
        .catch(onError)
        .finally(() => {
          if (timer) poll();
        });
    }, pollMs);
    timer.unref();
  };

  return {
    isRevoked: revoked.isRevoked,
    userCutoffSeconds: revoked.userCutoffSeconds,
    async revokeToken(tenantId, token) {
      revoked.apply(
        await revokeAccessToken(db, tenantId, { jti: token.jti, expiresAt: new Date(token.exp * 1000) }),
      );
    },
    async revokeUserTokens(tenantId, userId, reason, issuedBefore) {
      const allIssued = issuedBefore === undefined;
      revoked.apply(await revokeUserTokens(db, tenantId, userId, reason, issuedBefore ?? now(), allIssued));
    },
    refresh,
    async start() {
      await refresh();
      unlisten = await db.listen(REVOCATIONS_CHANNEL, () => {
        refresh().catch(onError);
      });
      poll();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await unlisten?.();
      unlisten = undefined;
      await reads.settled();
    },
  };
}
