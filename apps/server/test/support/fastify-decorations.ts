/**
 * The type-check of the tests sees the server through its declaration files (project references), where a module
 * that only decorates Fastify is not imported by `app.ts`'s types. Naming those modules here brings their
 * `declare module 'fastify'` augmentations (app.notifications, request.auth…) into the tests' program.
 */
export type {} from '../../src/modules/auth/plugin.ts';
export type {} from '../../src/modules/console/access-hooks.ts';
export type {} from '../../src/modules/identity/myaccount/caller.ts';
export type {} from '../../src/modules/notifications/routes.ts';
