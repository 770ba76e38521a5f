import type { TranslationNamespace } from '../config/constants.ts';

/** What a route tells the shell (read with `useMatches`): the router declares it, the shell reads it. */
export type RouteHandle = {
  /** spec §2 Footer "It is shown on the profile manage screens". */
  footer?: boolean;
  /**
   * The screen is an admin app (the console): full width, none of the tracker's side cards; it draws its own
   * navigation, and the toasts keep clear of it.
   */
  admin?: boolean;
  /**
   * The translation namespaces the route's screen shows, beside `common`: the server sends
   * them inside the page it draws, so the first screen waits for no translation download.
   */
  namespaces?: TranslationNamespace[];
  /**
   * The source file the route's `lazy` imports, as the client build's manifest names it: the server links
   * its chunks and stylesheets into a page it draws, so the browser hydrates without waiting for them, with
   * the screen's CSS already applied. `app/router.test.ts` checks it is the file `lazy` imports.
   */
  module?: string;
  /**
   * The screen waits for the signed-in user, whom only the browser knows (tokens in session storage): the
   * page starts its first calls itself, while the portal's scripts download (lib/early-requests.ts).
   */
  waitsForUser?: boolean;
};
