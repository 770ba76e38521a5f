import {
  CONSOLE_FORECAST_PATHS,
  forecastRules,
  forecastRulesAnswer,
  storeCodeParams,
} from '@trackwell/contracts';
import { consoleCaller, consoleStore } from './caller.ts';
import { readForecastRules, saveForecastRules } from './forecast-rule-commands.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';

/**
 * The store's review-forecast rules per publisher (store administrators and operators: the store's
 * settings). Where the store has no rule for a publisher, the default applies (contracts
 * DEFAULT_FORECAST_RULES): ISO, IEC and CEN review after 5 years, ASTM reapproves within 5 and withdraws
 * after 8, IEEE revises or reaffirms within 10.
 */

const RULES_DOCS =
  "Replaces the store's own rules. Each names a publisher code (once), what falls due, after how many years, " +
  'and optionally after how many the publisher withdraws the standard without action (more than the review). ' +
  'An empty list puts every publisher back on the defaults. 400 names each bad rule; nothing is saved then.';

export function registerForecastRuleRoutes(app: ConsoleApp) {
  app.get(
    CONSOLE_FORECAST_PATHS.rules,
    {
      config: { consoleAction: 'store.read' },
      schema: {
        ...consoleDocs,
        summary: "The store's review-forecast rules and the defaults beside them",
        params: storeCodeParams,
        response: { 200: forecastRulesAnswer, ...consoleErrors },
      },
    },
    (request) => readForecastRules(app.db, consoleStore(request)),
  );

  app.put(
    CONSOLE_FORECAST_PATHS.rules,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: "Replace the store's review-forecast rules; audited",
        description: RULES_DOCS,
        params: storeCodeParams,
        body: forecastRules,
        response: { 200: forecastRulesAnswer, ...consoleErrors },
      },
    },
    (request) =>
      saveForecastRules(
        { db: app.db, tenants: app.tenants },
        consoleStore(request),
        consoleCaller(request).user,
        request.body,
      ),
  );
}
