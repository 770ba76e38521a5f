import type { Tenant } from '@trackwell/db';
import { defaultPort, type RequestHost } from '../../http/host.ts';

/**
 * Every absolute URL a store emits — e-mail links, the tenant configuration's URIs, the embedded issuer and
 * its discovery, redirects — is built here from configuration: PUBLIC_URL_TEMPLATE with the store's
 * canonical host and the port this server serves. Never from a request's headers.
 */
export function storeOrigin(template: string, host: string, port: number): string {
  return new URL(template.replace('{host}', host).replace('{port}', String(port))).origin;
}

export interface PublicUrls {
  /** The store's canonical origin, e.g. `https://shop.example` or `http://aenor.localhost:8080`. */
  origin(tenant: Pick<Tenant, 'canonicalHost'>): string;
  /** True when a request's host may select a store: its port is one this server serves. */
  servesPort(host: RequestHost, protocol: string): boolean;
  /** The platform's site and its search page (PLATFORM_SITE_URL, PLATFORM_SEARCH_URL), for unknown hosts. */
  platform(): { siteUrl: string; searchUrl: string };
}

/** PLATFORM_SITE_URL and PLATFORM_SEARCH_URL; `{port}` in either is the listening port. */
export interface PlatformSite {
  siteUrl: string;
  searchUrl?: string | undefined;
}

/**
 * `listeningPort` is the port the server listens on (PORT, or the one the system picked for PORT=0), so the
 * template's `{port}` is always a port that answers. A Host header's port must be that port or the public
 * one. A Host without a port means a scheme's default port (the request's scheme, or the public one when a
 * proxy terminates TLS), accepted only when that port is one of them.
 */
/** Stores' origins remembered (one per store host); past this many, forgotten all at once. */
const ORIGINS_MAX = 10_000;

export function createPublicUrls(
  template: string,
  listeningPort: () => number,
  platformSite: PlatformSite = { siteUrl: 'http://localhost:{port}/' },
): PublicUrls {
  const withPort = (url: string) => new URL(url.replace('{port}', String(listeningPort()))).href;
  // Asked on every request (the served-port rule, the issuer of a token): both are functions of the template,
  // the listening port and the store's host, so each is worked out once per port (and host), not per request.
  let servedFor: { port: number; served: number[]; protocol: string } | undefined;
  const served = () => {
    const port = listeningPort();
    if (servedFor?.port !== port) {
      const url = new URL(storeOrigin(template, 'store.invalid', port));
      servedFor = {
        port,
        served: [port, url.port ? Number(url.port) : defaultPort(url.protocol)],
        protocol: url.protocol,
      };
    }
    return servedFor;
  };
  const origins = new Map<string, string>();
  return {
    platform: () => ({
      siteUrl: withPort(platformSite.siteUrl),
      searchUrl: withPort(platformSite.searchUrl ?? platformSite.siteUrl),
    }),
    origin(tenant) {
      const port = listeningPort();
      const key = `${port} ${tenant.canonicalHost}`;
      let origin = origins.get(key);
      if (origin === undefined) {
        origin = storeOrigin(template, tenant.canonicalHost, port);
        if (origins.size >= ORIGINS_MAX) origins.clear();
        origins.set(key, origin);
      }
      return origin;
    },
    servesPort(host, protocol) {
      const { served: ports, protocol: publicProtocol } = served();
      if (host.port !== undefined) return ports.includes(host.port);
      return ports.includes(defaultPort(protocol)) || ports.includes(defaultPort(publicProtocol));
    },
  };
}
