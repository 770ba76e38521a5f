import {
  consumeOidcPayload,
  type DatabaseHandle,
  destroyOidcPayload,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  revokeOidcPayloadsByGrantId,
  upsertOidcPayload,
} from '@trackwell/db';
import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage adapter over `identity_oidc_payloads`, one instance per (tenant, model): sessions,
 * grants, authorization codes, refresh tokens and interactions survive restarts and are shared by every
 * process of the tenant. Codes are consumed in the database, so a replayed code is seen by all processes.
 */
export function createOidcAdapterFactory(db: DatabaseHandle, tenantId: string) {
  return (model: string): Adapter => ({
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      await upsertOidcPayload(db, tenantId, model, id, payload as Record<string, unknown>, expiresIn);
    },
    async find(id: string) {
      return (await findOidcPayload(db, tenantId, model, id)) as AdapterPayload | undefined;
    },
    async findByUid(uid: string) {
      return (await findOidcPayloadByUid(db, tenantId, model, uid)) as AdapterPayload | undefined;
    },
    async findByUserCode(userCode: string) {
      return (await findOidcPayloadByUserCode(db, tenantId, model, userCode)) as AdapterPayload | undefined;
    },
    async consume(id: string) {
      await consumeOidcPayload(db, tenantId, model, id);
    },
    async destroy(id: string) {
      await destroyOidcPayload(db, tenantId, model, id);
    },
    async revokeByGrantId(grantId: string) {
      await revokeOidcPayloadsByGrantId(db, tenantId, grantId);
    },
  });
}
