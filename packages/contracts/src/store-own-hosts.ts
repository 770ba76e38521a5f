/**
 * Where a store's anonymous configuration sends its visitors before they are signed in: the sign-in page,
 * the public site and the theme stylesheet (which can restyle and overlay the sign-in form). A store
 * administrator may point them only at the store's own hosts (a path, or an http(s) URL on one of them);
 * anything else would let them send the store's users to a page that asks for their password elsewhere, so
 * only a platform operator may.
 */
export const OWN_HOST_URL_FIELDS = [
  ['login-page-url'],
  ['public-uri'],
  ['ui', 'themeStylesheetUrl'],
] as const;

/** A path on this origin, or an absolute http(s) URL whose host is one of `hosts`. */
export function isOnStoreHosts(url: string, hosts: readonly string[]): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && hosts.includes(u.hostname);
  } catch {
    return false;
  }
}

const valueAt = (config: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined),
    config,
  );

/**
 * The fields of `OWN_HOST_URL_FIELDS` that `after` changes from `before` to a URL off `hosts`, as dotted paths
 * (`login-page-url`, `ui.themeStylesheetUrl`). An unchanged value, set earlier by an operator, is left alone.
 */
export function changedUrlsOffStoreHosts(
  before: unknown,
  after: unknown,
  hosts: readonly string[],
): string[] {
  return OWN_HOST_URL_FIELDS.filter((path) => {
    const value = valueAt(after, path);
    if (typeof value !== 'string' || value === valueAt(before, path)) return false;
    return !isOnStoreHosts(value, hosts);
  }).map((path) => path.join('.'));
}
