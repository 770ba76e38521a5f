import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server draws a screen and while the browser hydrates it; true once the page is live (and
 * at once on a screen the browser draws itself). Controls that do nothing without the portal's script (a
 * submit button, the language select) are disabled until then, so a press or a choice made before the script
 * has run is not silently lost: they look disabled, and come alive with the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
