import { createHash } from 'node:crypto';
import { type DatabaseHandle, findTenantByCode, getTenantAsset } from '@trackwell/db';
import { LogoNotRenderable, type LogoPng, type LogoRasterizer } from './rasterizer.ts';

/** Bumped when the drawing changes (renderer, fonts, sizes), so caches keyed by `version` refetch. */
const RENDER_VERSION = '1';
/** Drawn PNGs kept in memory: each is at most a few tens of kB. */
const MAX_CACHED = 256;

export type StoreLogoPng =
  | (LogoPng & { /** Changes with the logo's content: the e-mail URL's `v` and the ETag. */ version: string })
  | { refused: string };

export interface LogoPngs {
  /** The PNG of store `code`'s logo.svg; undefined when there is no such store or logo. */
  ofStore(code: string): Promise<StoreLogoPng | undefined>;
  close(): Promise<void>;
}

/**
 * The PNG of each store's logo, drawn when first asked for and kept, keyed by the store and the SHA-256 of its
 * logo.svg: a new logo is a new key (drawn on its first request), the old entry ages out. A refusal is kept
 * too, so a hostile logo costs one attempt, not one per request.
 */
export function createLogoPngs(db: DatabaseHandle, rasterizer: LogoRasterizer): LogoPngs {
  const cache = new Map<string, Promise<StoreLogoPng>>();
  return {
    async ofStore(code) {
      const tenant = await findTenantByCode(db, code);
      const asset = tenant && (await getTenantAsset(db, tenant.id, 'logo.svg'));
      if (!tenant || !asset) return undefined;
      const key = `${tenant.id}:${asset.sha256}`;
      let hit = cache.get(key);
      if (hit) {
        cache.delete(key); // most recently used last
        cache.set(key, hit);
        return hit;
      }
      const version = createHash('sha256')
        .update(`${asset.sha256}:${RENDER_VERSION}`)
        .digest('hex')
        .slice(0, 16);
      hit = rasterizer.render(asset.body).then(
        (png): StoreLogoPng => ({ ...png, version }),
        (error: unknown): StoreLogoPng => {
          if (error instanceof LogoNotRenderable) return { refused: error.message };
          throw error;
        },
      );
      hit.catch(() => cache.delete(key));
      cache.set(key, hit);
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      return hit;
    },
    close: () => rasterizer.close(),
  };
}
