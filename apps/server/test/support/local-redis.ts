import { createConnection } from 'node:net';
import { Redis } from 'ioredis';

/** The machine's Redis (for the shared-state tests); tests that need it are skipped, saying so, where none answers. */
export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export const localRedisAnswers = (): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(500);
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** Deletes the keys a test wrote under its own prefix (the server is shared: never a FLUSHALL). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(LOCAL_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
