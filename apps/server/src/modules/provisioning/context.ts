import type { DatabaseHandle, Tenant } from '@trackwell/db';
import type { RevocationList } from '../auth/revocation-list.ts';
import type { AuthnContext } from '../identity/authn/authn-context.ts';

/**
 * What a Users API operation works with: the store the token belongs to, its canonical origin
 * (every `href` and e-mailed link starts with it, never with a request header), the database, the revocation
 * list, and the sign-in e-mails' context (activation and reset links go out as the authn recovery mails do).
 * Built per request by routes.ts; the domain files never see Fastify.
 */
export interface ProvisioningContext {
  db: DatabaseHandle;
  tenant: Tenant;
  origin: string;
  revocations: Pick<RevocationList, 'revokeUserTokens'>;
  mail: AuthnContext;
  /** The API token of the call (the Users and Groups APIs), named in the audit entries its changes write. */
  apiKey?: { id: string; label: string };
}
