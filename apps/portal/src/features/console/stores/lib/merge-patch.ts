type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The RFC 7396 merge patch that turns `before` into `after`, or undefined when nothing changed: objects give
 * only their changed keys, a removed key is null, arrays and other values are sent whole when they differ.
 * What the console's PATCH /stores/:code merges (apps/server/src/modules/console/store-changes.ts).
 */
export function mergePatchOf(before: unknown, after: unknown): unknown {
  if (same(before, after)) return undefined;
  if (!isObject(before) || !isObject(after)) return after === undefined ? null : after;
  const patch: Json = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(key in after) || after[key] === undefined) {
      if (key in before && before[key] !== undefined) patch[key] = null;
      continue;
    }
    const part = mergePatchOf(before[key], after[key]);
    if (part !== undefined) patch[key] = part;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}
