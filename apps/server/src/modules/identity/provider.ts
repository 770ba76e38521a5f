import type { DatabaseHandle, Tenant } from '@trackwell/db';
import type Provider from 'oidc-provider';
import type { RevocationList } from '../auth/revocation-list.ts';
import { storeKeys, type VerifyKey } from './oidc/keys.ts';

export {
  OIDC_ROUTES,
  postLogoutUrisFor,
  redirectUrisFor,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from './oidc/settings.ts';

/**
 * One oidc-provider instance per store issuer (`<origin>/oauth2/default`), configured (oidc/configuration.ts)
 * and extended (oidc/middleware.ts, oidc/pages.ts) so the unchanged okta-auth-js 8 works against it. Instances
 * are built lazily per issuer and cached; their keys, sessions, grants and tokens live in the database, so any
 * process (and a restarted one) answers the same. oidc-provider and its configuration are imported with the
 * first issuer a process builds, not at start: about 240 of the 1,700 modules a start loaded.
 */

/** oidc-provider and what configures and extends it (the module loader imports each once, on first use). */
const importProviderModules = () =>
  Promise.all([
    import('oidc-provider'),
    import('./oidc/configuration.ts'),
    import('./oidc/middleware.ts'),
    import('./oidc/pages.ts'),
  ]);

export interface TenantIdp {
  tenant: Tenant;
  issuer: string;
  origin: string;
  clientId: string;
  provider: Provider;
  /**
   * The public signing keys by kid (the current one, and a rotation's previous one), for verifying our own
   * access tokens (userinfo, MyAccount, introspection).
   */
  publicKeys: ReadonlyMap<string, VerifyKey>;
  /** The kid of the current signing key. */
  kid: string;
  /** Cookie options of the IdP session cookie (for the hand-written session endpoints). */
  sessionCookie: { httpOnly: true; sameSite: 'lax'; signed: true; path: '/' };
}

export interface ProviderRegistryOptions {
  db: DatabaseHandle;
  /** Sign-out at /v1/logout revokes the user's access tokens. */
  revocations: Pick<RevocationList, 'revokeUserTokens'>;
  log: { warn(obj: object, msg: string): void };
}

export interface ProviderRegistry {
  /** The tenant's IdP at this origin (built once per issuer and configuration). */
  get(tenant: Tenant, origin: string): Promise<TenantIdp>;
}

export function createProviderRegistry({ db, revocations }: ProviderRegistryOptions): ProviderRegistry {
  const cache = new Map<string, Promise<TenantIdp>>();
  return {
    get(tenant, origin) {
      const key = `${tenant.id} ${origin} ${tenant.config['client-id']} ${tenant.updatedAt.getTime()}`;
      let entry = cache.get(key);
      if (!entry) {
        entry = buildTenantIdp(db, revocations, tenant, origin);
        entry.catch(() => cache.delete(key));
        if (cache.size > 500) cache.delete(cache.keys().next().value as string);
        cache.set(key, entry);
      }
      return entry;
    },
  };
}

async function buildTenantIdp(
  db: DatabaseHandle,
  revocations: ProviderRegistryOptions['revocations'],
  tenant: Tenant,
  origin: string,
): Promise<TenantIdp> {
  const issuer = `${origin}${tenant.config['issuer-uri']}`;
  const [[{ default: Provider }, { issuerConfiguration }, middleware, pages], keys] = await Promise.all([
    importProviderModules(),
    storeKeys(db, tenant.id),
  ]);
  const { hashPublisherClientSecrets, oktaTokenAnswers, revokeTokensOnSignOut } = middleware;
  const { registerOktaPostMessage } = pages;
  const provider = new Provider(issuer, issuerConfiguration({ db, tenant, origin, issuer, keys }));
  provider.proxy = true; // its host and protocol headers are pinned to Fastify's view first (context.ts)
  hashPublisherClientSecrets(provider);
  registerOktaPostMessage(provider);
  revokeTokensOnSignOut(provider, revocations, tenant.id);
  oktaTokenAnswers(provider);
  return {
    tenant,
    issuer,
    origin,
    clientId: tenant.config['client-id'],
    provider,
    publicKeys: keys.publicKeys,
    kid: keys.kid,
    sessionCookie: { httpOnly: true, sameSite: 'lax', signed: true, path: '/' },
  };
}
