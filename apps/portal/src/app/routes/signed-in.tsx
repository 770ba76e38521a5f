import { Outlet } from 'react-router';
import { RequireAuth } from '../../features/auth/index.ts';

/** The screens only an authenticated user sees (spec §6): the tracker and the account area. */
export function SignedIn() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
