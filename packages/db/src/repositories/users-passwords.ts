import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt from `node:crypto` (no native addon).
 *
 * Cost: N = 2^15, r = 8, p = 1 → 32 MiB of memory and ~110 ms per hash on one core of the 2-core build
 * machine (measured: 2^14 73 ms, 2^15 109 ms, 2^16 229 ms, 2^17 420 ms). That is Percival's "interactive
 * login" target (≤ ~100 ms) at twice his 2009 N, and 32 MiB per guess keeps GPU/ASIC attacks memory-bound.
 * OWASP's 2^17 would cap one core at ~2 sign-ins/s; with 2^15 the whole sign-in (authn + authorize +
 * code exchange, bench/signin) runs at ~10/s on the 2-core machine, scrypt being most of each one. The parameters are stored in every hash, so raising
 * them later needs no migration: `needsRehash` tells the sign-in path to re-hash with the current cost.
 */
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const maxmem = (N: number, r: number, p: number) => 128 * N * r * p + 16 * 1024 * 1024;

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(
  password: string,
  cost: { N: number; r: number; p: number } = SCRYPT_COST,
) {
  const salt = randomBytes(SALT_LENGTH);
  const { N, r, p } = cost;
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmem(N, r, p),
  });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (parts?.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((v) => Number.isInteger(v) && v > 0) || N > 2 ** 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmem(N, r, p),
  });
  return timingSafeEqual(key, expected);
}

/** True when a hash was made with another cost than the current one. */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$');
  return Number(N) !== SCRYPT_COST.N || Number(r) !== SCRYPT_COST.r || Number(p) !== SCRYPT_COST.p;
}

/** A hash of a random password, verified against on unknown logins so timing does not reveal them. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};
