/**
 * Strings no input may carry into the database, for every route: PostgreSQL `text` cannot hold
 * the NUL character (U+0000), and a lone UTF-16 surrogate has no UTF-8 encoding (it would reach the server as
 * invalid UTF-8). Both make PostgreSQL refuse the query, which must never become a 500: callers refuse the
 * request with 400 naming the field instead. Framework-free and browser-safe.
 */

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this rule's purpose
const UNSAFE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnsafeString = (value: string): boolean => UNSAFE_CHARACTER.test(value);

/** A key as it can be shown in a path: its unsafe characters replaced by U+FFFD. */
const printable = (key: string) => key.replace(new RegExp(UNSAFE_CHARACTER.source, 'g'), '\uFFFD');

/** A field's path: its parent's, then its key (none for the top value). */
const pathOf = (parent: string, key: string | undefined) => (key === undefined ? parent : `${parent}.${key}`);

/**
 * Walks a parsed input (JSON body, query, params, headers) and returns the path of the first string or key
 * that is unsafe, such as `body.events.0.assetId`, or undefined when every string is safe. Iterative, so a
 * deeply nested body cannot exhaust the stack; binary values (Buffer, typed arrays) are not strings and are
 * skipped.
 */
export function findUnsafeString(value: unknown, path: string): string | undefined {
  // Each entry: a value, its parent's path and its key there. A path is put together only for an object
  // (once, for its children) and for the answer: most calls check every field of a request and find nothing.
  const pending: Array<[unknown, string, string | undefined]> = [[value, path, undefined]];
  while (pending.length > 0) {
    const [current, parent, key] = pending.pop() as [unknown, string, string | undefined];
    if (typeof current === 'string') {
      if (isUnsafeString(current)) return pathOf(parent, key);
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const at = pathOf(parent, key);
      const keys = Object.keys(current);
      // Reversed onto the stack, so the first unsafe field in document order is the one named.
      for (let i = keys.length - 1; i >= 0; i--) {
        const childKey = keys[i]!;
        if (isUnsafeString(childKey)) return `${at}.${printable(childKey)}`;
        pending.push([(current as Record<string, unknown>)[childKey], at, childKey]);
      }
    }
  }
  return undefined;
}
