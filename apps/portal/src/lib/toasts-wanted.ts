import { useSyncExternalStore } from 'react';

/**
 * Whether this page has shown, or is about to show, a toast: `lib/notify.ts` says so with the first one. The
 * shell mounts the toast container (and so loads react-toastify) only then, so a page that shows none, such
 * as the sign-in page, never downloads it. A toast sent before the container mounts waits in
 * react-toastify's queue and shows as soon as it does.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
