import { createContext, use } from 'react';

/**
 * Set when the server draws the first screen (entry-server.tsx, where there is no `window`): the store's
 * canonical origin, which the page's code renders with in place of the browser's.
 */
export const ServerPageContext = createContext<{ origin: string } | null>(null);

/** Whether this render is the server's drawing of the page. */
export function useServerPage(): boolean {
  return use(ServerPageContext) !== null;
}

/** The page's origin (`https://<store host>`): the browser's own, or the one the server draws the page for. */
export function usePageOrigin(): string {
  return use(ServerPageContext)?.origin ?? window.location.origin;
}
