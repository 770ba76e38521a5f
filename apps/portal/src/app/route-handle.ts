import type { TranslationNamespace } from '../config/constants.ts';

/** What a route tells the shell (read with `useMatches`): the router declares it, the shell reads it. */
export type RouteHandle = {
  /** spec §2 Footer "It is shown on the profile manage screens". */
  footer?: boolean;
  /**
   * The translation namespaces the route's screen shows, beside `common` (issue 12 §1): the server sends
   * them inside the page it draws, so the first screen waits for no translation download.
   */
  namespaces?: TranslationNamespace[];
};
