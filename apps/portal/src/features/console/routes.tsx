import { useOktaAuth } from '@okta/okta-react';
import type { ConsoleRole } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import './console.css';
import { ConsoleHome } from './components/console-home.tsx';
import { ConsoleLayout, StoreArea } from './components/console-layout.tsx';
import { StoreListScreen } from './components/store-list-screen.tsx';
import { ConsoleContext } from './console-context.ts';
import { rolesFromClaims } from './lib/roles.ts';

/**
 * `/admin/*` — the operator console (issue 14): platform operators run every store, store administrators
 * their store, catalogue editors its catalogue and changes. Lazy: none of it is in the tracker's first
 * download. What it shows follows the roles in the access token; the server checks them on every call.
 */
export function ConsoleRoute() {
  const okta = useOktaAuth();
  const state = okta?.authState;
  // The embedded identity provider's access tokens are opaque to the browser (okta-auth-js reads no claims
  // from them): the ID token carries the same claim.
  const roles = useMemo(
    () => [
      ...new Set([
        ...rolesFromClaims(state?.accessToken?.claims as Record<string, unknown> | undefined),
        ...rolesFromClaims(state?.idToken?.claims as Record<string, unknown> | undefined),
      ]),
    ],
    [state?.accessToken, state?.idToken],
  );
  return <ConsoleArea roles={roles} />;
}

export function ConsoleArea({ roles }: { roles: ConsoleRole[] }) {
  const { t, ready } = useTranslation('console');
  const value = useMemo(() => ({ roles }), [roles]);
  if (!ready) return <LoadingScreen label={t('state.loading')} />;
  return (
    <ConsoleContext value={value}>
      <Routes>
        <Route element={<ConsoleLayout />}>
          <Route index element={<ConsoleHome />} />
          <Route path="stores" element={<StoreListScreen />} />
          <Route path="stores/:code/*" element={<StoreArea />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </ConsoleContext>
  );
}
