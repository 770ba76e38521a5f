import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import type { AppStore } from '../lib/store.ts';

/** App-wide providers: composition only. */
export function AppProvider({ store, i18n, children }: { store: AppStore; i18n: i18n; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ReduxProvider>
  );
}
