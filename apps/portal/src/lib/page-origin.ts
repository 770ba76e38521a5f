import { createContext, use } from 'react';

/**
 * The page's origin (`https://<store host>`) for code that renders with it: the browser's own, or, when the
 * server draws the first screen (entry-server.tsx, where there is no `window`), the store's canonical origin
 * the server names.
 */
export const PageOriginContext = createContext<string | null>(null);

export function usePageOrigin(): string {
  return use(PageOriginContext) ?? window.location.origin;
}
