import type { ComponentType } from 'react';
import { AccessScreen } from '../activity/access-screen.tsx';
import { AuditScreen } from '../activity/audit-screen.tsx';
import { DeliveriesScreen } from '../activity/deliveries-screen.tsx';
import { OrganisationsScreen } from '../activity/organisations-screen.tsx';
import { UsersScreen } from '../activity/users-screen.tsx';
import { WebhooksScreen } from '../activity/webhooks-screen.tsx';
import { CatalogScreen, ChangesScreen } from '../catalog/index.ts';
import type { StoreSection } from '../lib/roles.ts';
import { ForecastRulesScreen } from '../stores/components/forecast-rules-screen.tsx';
import { IcsAreasScreen } from '../stores/components/ics-areas-screen.tsx';
import { SettingsScreen } from '../stores/components/settings-screen.tsx';
import { ThemeScreen } from '../stores/components/theme-screen.tsx';

/** A section's screen; it is given the store's code. */
export type SectionScreen = ComponentType<{ code: string }>;

/**
 * The screen of each store section. The navigation lists a section once it has a screen
 * here and the user's roles open it.
 */
export const SECTION_SCREENS: Partial<Record<StoreSection, SectionScreen>> = {
  catalog: CatalogScreen,
  areas: IcsAreasScreen,
  forecasts: ForecastRulesScreen,
  changes: ChangesScreen,
  deliveries: DeliveriesScreen,
  access: AccessScreen,
  users: UsersScreen,
  organisations: OrganisationsScreen,
  webhooks: WebhooksScreen,
  audit: AuditScreen,
  settings: SettingsScreen,
  theme: ThemeScreen,
};
