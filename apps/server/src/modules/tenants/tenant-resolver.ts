import type { ForecastRule } from '@trackwell/contracts';
import { type DatabaseHandle, findTenantByHost, storeForecastRules, type Tenant } from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { hostHeaderCount, parseHostHeader } from '../../http/host.ts';
import type { PublicUrls } from './public-urls.ts';

/**
 * Tenant = host. Resolves a request's host to its tenant, with a short-lived cache so a page load's dozen
 * requests cost one query. Unknown hosts are cached too (briefly), and the cache is bounded, so a flood of
 * random Host headers cannot grow memory or hammer the database. With several processes, each one's cache is
 * emptied when any of them (or anyone) changes a tenant: `followTenantChanges` below.
 */
export interface TenantResolver {
  /**
   * The store a request addresses: exactly one Host header (or the trusted X-Forwarded-Host with
   * TRUST_PROXY), read strictly (see http/host.ts), naming a registered host exactly, on a port this server
   * serves. Anything else selects no store.
   */
  ofRequest(request: FastifyRequest): Promise<Tenant | undefined>;
  /** The store a host name names (a `domain` or `S-Origin` value), by exact registered name. */
  resolve(host: string): Promise<Tenant | undefined>;
  /**
   * The review-forecast rules that apply in a store (its own and the defaults), cached like the store itself:
   * the tracked-standards list asks on every request. Saving them notifies the tenants' channel, so every
   * process forgets them (`saveForecastRules`).
   */
  forecastRules(tenantId: string): Promise<ForecastRule[]>;
  /**
   * Forget cached answers (after a tenant is edited). Whatever writes a tenant in this process calls it once
   * its transaction commits (the console's `saveStorePatch` and `createStore`), so its next request sees the
   * write; the other processes forget theirs on the tenants' NOTIFY (`followTenantChanges`).
   */
  clear(): void;
}

export function createTenantResolver(
  db: DatabaseHandle,
  publicUrls: PublicUrls,
  { ttlMs = 30_000, missTtlMs = 5_000, maxEntries = 5_000 } = {},
): TenantResolver {
  const cache = new Map<string, { tenant: Tenant | undefined; expires: number }>();
  const rulesCache = new Map<string, { rules: ForecastRule[]; expires: number }>();
  // Bumped by clear(): an answer read before a clear is not cached after it (it may be the old tenant).
  let generation = 0;
  /** By a host name already in the cache's form (lower case, no port, no trailing dot). */
  const resolveName = async (host: string) => {
    const now = Date.now();
    const hit = cache.get(host);
    if (hit && hit.expires > now) return hit.tenant;
    const asked = generation;
    const tenant = await findTenantByHost(db, host);
    if (asked !== generation) return tenant;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string); // oldest first
    cache.set(host, { tenant, expires: now + (tenant ? ttlMs : missTtlMs) });
    return tenant;
  };
  const resolve = async (rawHost: string) => {
    const host = normaliseHost(rawHost);
    return host ? resolveName(host) : undefined;
  };
  return {
    async ofRequest(request) {
      if (hostHeaderCount(request.raw.rawHeaders) !== 1) return undefined;
      const host = parseHostHeader(request.host);
      if (!host || !publicUrls.servesPort(host, request.protocol)) return undefined;
      return resolveName(host.name); // parseHostHeader admits only names already in that form
    },
    resolve,
    async forecastRules(tenantId) {
      const now = Date.now();
      const hit = rulesCache.get(tenantId);
      if (hit && hit.expires > now) return hit.rules;
      const asked = generation;
      const rules = await storeForecastRules(db, tenantId);
      if (asked !== generation) return rules;
      if (rulesCache.size >= maxEntries) rulesCache.delete(rulesCache.keys().next().value as string);
      rulesCache.set(tenantId, { rules, expires: now + ttlMs });
      return rules;
    },
    clear: () => {
      generation++;
      cache.clear();
      rulesCache.clear();
    },
  };
}

/** Lower-case, no port, no trailing dot; '' when it cannot be a host name (for `domain`/`S-Origin` values). */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return ''; // IPv6 literals map to no tenant
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(h) ? h : '';
}

/** The channel the database notifies (trigger of migration 0008) when a tenant or one of its hosts changes. */
export const TENANTS_CHANNEL = 'trackwell_tenants';

/**
 * Empties the resolver's cache whenever any process (or an operator's SQL) changes a tenant or its hosts, and
 * after the listening connection comes back (changes may have been missed). Without this, another process
 * would serve the old configuration for up to the cache's 30 s. The whole cache goes: it is keyed by host,
 * and a changed tenant may have gained or lost hosts. Returns the function that stops listening.
 */
export function followTenantChanges(
  db: DatabaseHandle,
  resolver: TenantResolver,
): Promise<() => Promise<void>> {
  return db.listen(TENANTS_CHANNEL, () => resolver.clear());
}
