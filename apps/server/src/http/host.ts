/**
 * The request's host, read strictly. A store is selected only by an exact host name and a port this server
 * serves; anything a browser would never send — userinfo (`a@b`), a trailing dot, upper case, a list,
 * whitespace, an IPv6 literal, a port out of range — is not a host here, never "close enough".
 */
export interface RequestHost {
  /** The host name exactly as sent (lower-case letters, digits, dots and hyphens). */
  name: string;
  /** The explicit port, or undefined when the Host header named none. */
  port: number | undefined;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^((?:${LABEL})(?:\\.${LABEL})*)(?::([1-9][0-9]{0,4}))?$`);

export function parseHostHeader(value: string | undefined): RequestHost | undefined {
  if (!value || value.length > 260) return undefined;
  const match = HOST.exec(value);
  if (!match || match[1]!.length > 253) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { name: match[1]!, port };
}

/** How many Host headers the raw request carried (HTTP/1.1 requires exactly one). */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

/** The port a URL scheme implies when none is written. */
export const defaultPort = (protocol: string) => (protocol === 'https' || protocol === 'https:' ? 443 : 80);
