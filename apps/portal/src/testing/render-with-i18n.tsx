import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../lib/i18n.ts';
import { englishResources } from './english.ts';

/** The real i18n set-up with every English namespace bundled (no network needed). */
export function createTestI18n(...args: Parameters<typeof createI18n>) {
  return createI18n(args[0], args[1] ?? englishResources(), args[2]);
}

/** Renders one component with the real i18n set-up (English bundled), for tests below the whole app. */
export function renderWithI18n(ui: ReactElement, i18n = createTestI18n()) {
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>) };
}
