import type { ComponentType } from 'react';
import type { StoreSection } from '../lib/roles.ts';
import { SettingsScreen } from '../stores/components/settings-screen.tsx';
import { ThemeScreen } from '../stores/components/theme-screen.tsx';

/** A section's screen; it is given the store's code. */
export type SectionScreen = ComponentType<{ code: string }>;

/**
 * The screen of each store section (issue 14 §1–§5). The navigation lists a section once it has a screen
 * here and the user's roles open it.
 */
export const SECTION_SCREENS: Partial<Record<StoreSection, SectionScreen>> = {
  settings: SettingsScreen,
  theme: ThemeScreen,
};
