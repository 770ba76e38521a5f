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

/**
 * Walks a parsed input (JSON body, query, params, headers) and returns the path of the first string or key
 * that is unsafe, such as `body.events.0.assetId`, or undefined when every string is safe. Iterative, so a
 * deeply nested body cannot exhaust the stack; binary values (Buffer, typed arrays) are not strings and are
 * skipped.
 */
export function findUnsafeString(value: unknown, path: string): string | undefined {
  const pending: Array<[unknown, string]> = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnsafeString(current)) return at;
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      const entries = Object.entries(current);
      // Reversed onto the stack, so the first unsafe field in document order is the one named.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        if (isUnsafeString(key)) return `${at}.${printable(key)}`;
        pending.push([child, `${at}.${key}`]);
      }
    }
  }
  return undefined;
}
