import type { ConsoleRole } from '@trackwell/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useAccessTokenClaims } from '../auth/index.ts';
import { AuditScreen } from './activity/audit-screen.tsx';
import './console.css';
import { ConsoleHome } from './components/console-home.tsx';
import { ConsoleLayout, StoreArea } from './components/console-layout.tsx';
import { StoreListScreen } from './components/store-list-screen.tsx';
import { ConsoleContext } from './console-context.ts';
import { isOperator, rolesFromClaims } from './lib/roles.ts';

/**
 * `/admin/*` — the operator console: platform operators run every store, store administrators
 * their store, catalogue editors its catalogue and changes. Lazy: none of it is in the tracker's first
 * download. What it shows follows the roles in the access token; the server checks them on every call.
 */
export function ConsoleRoute() {
  const roles = rolesFromClaims(useAccessTokenClaims());
  return <ConsoleArea roles={roles} />;
}

export function ConsoleArea({ roles }: { roles: ConsoleRole[] }) {
  const { t, ready } = useTranslation('console');
  const key = roles.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the roles' names are the value's identity.
  const value = useMemo(() => ({ roles }), [key]);
  if (!ready) return <LoadingScreen label={t('state.loading')} />;
  return (
    <ConsoleContext value={value}>
      <Routes>
        <Route element={<ConsoleLayout />}>
          <Route index element={<ConsoleHome />} />
          <Route path="stores" element={<StoreListScreen />} />
          <Route path="stores/:code/*" element={<StoreArea />} />
          {/* Every store's log: operators only (the server answers 403 to anyone else). */}
          {isOperator(roles) ? <Route path="audit" element={<AuditScreen />} /> : null}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </ConsoleContext>
  );
}
