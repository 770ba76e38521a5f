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
export function createPublicUrls(
  template: string,
  listeningPort: () => number,
  platformSite: PlatformSite = { siteUrl: 'http://localhost:{port}/' },
): PublicUrls {
  const publicUrl = () => new URL(storeOrigin(template, 'store.invalid', listeningPort()));
  const withPort = (url: string) => new URL(url.replace('{port}', String(listeningPort()))).href;
  return {
    platform: () => ({
      siteUrl: withPort(platformSite.siteUrl),
      searchUrl: withPort(platformSite.searchUrl ?? platformSite.siteUrl),
    }),
    origin: (tenant) => storeOrigin(template, tenant.canonicalHost, listeningPort()),
    servesPort(host, protocol) {
      const url = publicUrl();
      const served = [listeningPort(), url.port ? Number(url.port) : defaultPort(url.protocol)];
      if (host.port !== undefined) return served.includes(host.port);
      return served.includes(defaultPort(protocol)) || served.includes(defaultPort(url.protocol));
    },
  };
}
