import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of every lazy route `pathname` matches and puts it on the route, as react-router's
 * server-rendering recipe does before hydrating: the router's first render is then the matched screen (as
 * the server drew it), not its hydrate fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}
