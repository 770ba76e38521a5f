import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import { ShellLoading } from './routes/app-root.tsx';
import { RouteError } from './routes/route-error.tsx';

/**
 * spec §2 "Screens and routes". Each screen is its own chunk, loaded on demand: the first download stays the
 * shell's, and the router starts fetching the matched screen as soon as it is created (main.tsx), in
 * parallel with the configuration call. Screens under `SignedIn` are for an authenticated user only (spec §6).
 */
const signInHandle: RouteHandle = { namespaces: ['signin'], module: 'src/features/signin/routes.tsx' };

/** The shell with sign-in around every screen, the root route (see routes/app-root.tsx). */
const AUTH_SHELL_MODULE = 'src/app/routes/auth-shell.tsx';

export const routes: RouteObject[] = [
  {
    handle: { module: AUTH_SHELL_MODULE } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./routes/auth-shell.tsx')).default }),
    hydrateFallbackElement: <ShellLoading />,
    children: [
      {
        // A screen that throws is replaced by RouteError inside the shell, so the header stays.
        errorElement: <RouteError />,
        children: [
          {
            handle: { module: 'src/app/routes/signed-in.tsx', waitsForUser: true } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/signed-in.tsx')).SignedIn }),
            children: [
              {
                index: true,
                handle: { namespaces: ['tracker'], module: 'src/app/routes/home.tsx' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }),
              },
              {
                // The account area (spec §1, §7 "Account management"); its screens route inside it.
                path: 'account/*',
                handle: {
                  footer: true,
                  namespaces: ['account'],
                  module: 'src/features/account/routes.tsx',
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/account/routes.tsx')).AccountRoute,
                }),
              },
              {
                // The organisation area: a company's members, invitations and shared watch lists.
                path: 'organisations/*',
                handle: {
                  namespaces: ['organisations'],
                  module: 'src/features/organisations/routes.tsx',
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/organisations/routes.tsx')).OrganisationsRoute,
                }),
              },
              {
                // The operator console; its screens route inside it.
                path: 'admin/*',
                handle: {
                  admin: true,
                  namespaces: ['console'],
                  module: 'src/features/console/routes.tsx',
                } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/console/routes.tsx')).ConsoleRoute,
                }),
              },
            ],
          },
          {
            path: 'implicit/callback',
            handle: { module: 'src/app/routes/implicit-callback.tsx' } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('./routes/implicit-callback.tsx')).ImplicitCallbackRoute,
            }),
          },
          {
            // An organisation invitation's e-mailed link: no sign-in (the person may have no account yet).
            path: 'organisations/accept',
            handle: {
              namespaces: ['organisations'],
              module: 'src/features/organisations/accept-route.tsx',
            } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/organisations/accept-route.tsx')).AcceptInvitationRoute,
            }),
          },
          {
            path: 'signin',
            handle: signInHandle,
            lazy: async () => ({ Component: (await import('../features/signin/routes.tsx')).SignInRoute }),
          },
          {
            path: 'signin/reset-password/:token',
            handle: signInHandle,
            lazy: async () => ({
              Component: (await import('../features/signin/routes.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: 'signin/unlock/:token',
            handle: signInHandle,
            lazy: async () => ({ Component: (await import('../features/signin/routes.tsx')).UnlockRoute }),
          },
          {
            path: '*',
            handle: { module: 'src/app/routes/not-found.tsx' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];
