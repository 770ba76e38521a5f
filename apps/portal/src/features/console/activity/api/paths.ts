import { storePath } from '../../api/stores.ts';

/** A console path with `:code` and its other `:params` filled in. */
export const consolePath = (template: string, code: string, params: Record<string, string> = {}) =>
  Object.entries(params).reduce(
    (url, [name, value]) => url.replace(`:${name}`, encodeURIComponent(value)),
    storePath(template, code),
  );

export const withCursor = (cursor: string | undefined) => (cursor ? { cursor } : {});

/** A cursor page of the console API. */
export type Page<K extends string, T> = Record<K, T[]> & { nextCursor: string | null };
