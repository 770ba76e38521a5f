import type { FastifyInstance } from 'fastify';
import { registerApiKeyRoutes } from './api-key-routes.ts';
import { registerAuditRoutes } from './audit-routes.ts';
import { registerCatalogImportRoutes } from './catalog-import-routes.ts';
import { registerCatalogMappingRoutes } from './catalog-mapping-routes.ts';
import { registerChangeRoutes } from './change-routes.ts';
import { registerClientRoutes } from './client-routes.ts';
import { registerDeliveryRoutes } from './delivery-routes.ts';
import { registerForecastRuleRoutes } from './forecast-rule-routes.ts';
import { registerIcsAreaRoutes } from './ics-area-routes.ts';
import { registerIdentityKeyRoutes } from './identity-key-routes.ts';
import { registerIdentityTestRoutes } from './identity-test-routes.ts';
import { registerLogoRoutes } from './logo-routes.ts';
import { registerOrganisationRoutes } from './organisation-routes.ts';
import { registerRoleRoutes } from './role-routes.ts';
import { registerStandardRoutes } from './standard-routes.ts';
import { registerStoreRoutes } from './store-routes.ts';
import { registerUserAdminRoutes } from './user-routes.ts';

/** The console's own routes under /api/console/v1 (the scope adds the webhooks module's store routes). */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  registerStoreRoutes(app);
  registerRoleRoutes(app);
  registerApiKeyRoutes(app);
  registerAuditRoutes(app);
  await app.register(async (scope) => {
    registerCatalogImportRoutes(scope);
    registerCatalogMappingRoutes(scope);
  });
  registerChangeRoutes(app);
  registerDeliveryRoutes(app);
  registerClientRoutes(app);
  registerIdentityTestRoutes(app);
  registerIdentityKeyRoutes(app);
  registerStandardRoutes(app);
  registerIcsAreaRoutes(app);
  registerForecastRuleRoutes(app);
  await app.register(async (scope) => registerLogoRoutes(scope));
  registerUserAdminRoutes(app);
  registerOrganisationRoutes(app);
}
