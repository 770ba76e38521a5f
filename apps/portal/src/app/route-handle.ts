/** What a route tells the shell (read with `useMatches`): the router declares it, the shell reads it. */
export type RouteHandle = {
  /** spec §2 Footer "It is shown on the profile manage screens". */
  footer?: boolean;
};
