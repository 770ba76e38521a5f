import { DEFAULT_FORECAST_RULES, type ForecastRules, type ForecastRulesAnswer } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  listForecastRules,
  recordAuditEntry,
  replaceForecastRules,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';
import { TENANTS_CHANNEL } from '../tenants/tenant-resolver.ts';

/*
 * The store's review-forecast rules, framework-free: read with the defaults they stand beside, and replaced
 * whole (audited in the same transaction). A rule replaces the default for its publisher; the tracker, the
 * standard's page and the monthly report forecast with them from the next read on.
 */

type Actor = { id: string; login: string };

export async function readForecastRules(db: SqlExecutor, store: Tenant): Promise<ForecastRulesAnswer> {
  return { rules: await listForecastRules(db, store.id), defaults: [...DEFAULT_FORECAST_RULES] };
}

export async function saveForecastRules(
  deps: { db: DatabaseHandle; tenants: { clear(): void } },
  store: Tenant,
  actor: Actor,
  body: ForecastRules,
): Promise<ForecastRulesAnswer> {
  const answer = await deps.db.transaction(async (tx) => {
    const before = await listForecastRules(tx, store.id);
    const rules = await replaceForecastRules(tx, store.id, body.rules);
    // Every process caches a store's rules with the store (tenant-resolver.ts): on commit, the tenants'
    // channel tells them all to forget it; this process forgets at once below.
    await tx.query(`SELECT pg_notify('${TENANTS_CHANNEL}', $1)`, [store.id]);
    await recordAuditEntry(tx, store.id, {
      storeCode: store.code,
      actor: { kind: 'user', id: actor.id, login: actor.login },
      action: 'catalog.forecast_rules',
      target: 'forecast-rules',
      before: { rules: before },
      after: { rules },
    });
    return readForecastRules(tx, store);
  });
  deps.tenants.clear();
  return answer;
}
