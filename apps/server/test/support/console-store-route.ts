import { a, adminA, adminB, type ConsoleActor, callAs, editorA, nobodyA, operator } from './console-world.ts';
import { expectError } from './tracker-world.ts';

/** A store's settings route in the console (`:code` in its path): its URL, and GET and PUT as an actor. */
export interface StoreRoute {
  url: (code?: string) => string;
  get: (who?: ConsoleActor, code?: string) => ReturnType<typeof callAs>;
  put: (payload: unknown, who?: ConsoleActor, code?: string) => ReturnType<typeof callAs>;
}

/** The route of `path` for store A by default (its administrator calling), another store's by its code. */
export function storeRoute(path: string): StoreRoute {
  const url = (code = a.tenant.code) => path.replace(':code', code);
  return {
    url,
    get: (who = adminA, code) => callAs(who, { url: url(code) }),
    put: (payload, who = adminA, code) =>
      callAs(who, { method: 'PUT', url: url(code), payload: payload as object }),
  };
}

/**
 * What a store-settings route refuses to everyone but the store's administrators and operators: a catalogue
 * editor, a user without a role and another store's administrator (403 to GET and PUT), a store that does
 * not exist (404, even to an operator), and a call without a token (401). The caller checks nothing changed.
 */
export async function expectStoreRouteRefusals(route: StoreRoute, payload: unknown) {
  for (const who of [editorA, nobodyA, adminB]) {
    expectError(await route.get(who), 403);
    expectError(await route.put(payload, who), 403);
  }
  expectError(await route.get(operator, 'no-such-store'), 404);
  expectError(await route.put(payload, operator, 'no-such-store'), 404);
  expectError(await callAs(null, { url: route.url() }), 401);
}
