import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import { AppRoot } from './routes/app-root.tsx';
import { RouteError } from './routes/route-error.tsx';
import { RouteLoading } from './routes/route-loading.tsx';

/**
 * spec §2 "Screens and routes". Each screen is its own chunk, loaded on demand: the first download stays the
 * shell's, and the router starts fetching the matched screen as soon as it is created (main.tsx), in
 * parallel with the configuration call. Screens under `SignedIn` are for an authenticated user only (spec §6).
 */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        // A screen that throws is replaced by RouteError inside the shell, so the header stays.
        errorElement: <RouteError />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./routes/signed-in.tsx')).SignedIn }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }),
              },
              {
                // The account area (spec §1, §7 "Account management"); its screens route inside it.
                path: 'account/*',
                handle: { footer: true } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/account/routes.tsx')).AccountRoute,
                }),
              },
            ],
          },
          {
            path: 'implicit/callback',
            lazy: async () => ({
              Component: (await import('./routes/implicit-callback.tsx')).ImplicitCallbackRoute,
            }),
          },
          {
            path: 'signin',
            lazy: async () => ({ Component: (await import('../features/signin/routes.tsx')).SignInRoute }),
          },
          {
            path: 'signin/reset-password/:token',
            lazy: async () => ({
              Component: (await import('../features/signin/routes.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: 'signin/unlock/:token',
            lazy: async () => ({ Component: (await import('../features/signin/routes.tsx')).UnlockRoute }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];
