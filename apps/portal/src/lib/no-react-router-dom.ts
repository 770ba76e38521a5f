/**
 * What `react-router-dom` resolves to in the portal (vite.config.ts). okta-react imports it whole for its
 * SecureRoute, a React Router 5 component this portal does not use (RequireAuth guards its routes); pointing
 * that import at the real router would pull every router export into the first download. The two names
 * SecureRoute reads exist, empty, so the import is complete.
 */
export const Route = undefined;
export const useRouteMatch = undefined;
