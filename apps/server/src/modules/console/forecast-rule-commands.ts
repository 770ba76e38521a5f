import { DEFAULT_FORECAST_RULES, type ForecastRules, type ForecastRulesAnswer } from '@trackwell/contracts';
import {
  type DatabaseHandle,
  listForecastRules,
  recordAuditEntry,
  replaceForecastRules,
  type SqlExecutor,
  type Tenant,
} from '@trackwell/db';

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
  deps: { db: DatabaseHandle },
  store: Tenant,
  actor: Actor,
  body: ForecastRules,
): Promise<ForecastRulesAnswer> {
  return deps.db.transaction(async (tx) => {
    const before = await listForecastRules(tx, store.id);
    const rules = await replaceForecastRules(tx, store.id, body.rules);
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
}
