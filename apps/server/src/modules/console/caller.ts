import type { Tenant } from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AuthenticatedUser } from '../auth/plugin.ts';
import type { RoleGrant } from './console-access.ts';

/** The caller of a console route, once authorized: the user, their grants, and the store named by `:code`. */
export interface ConsoleCaller {
  user: AuthenticatedUser;
  grants: RoleGrant[];
  store: Tenant | undefined;
}

const callers = new WeakMap<FastifyRequest, ConsoleCaller>();

/** Set by the console scope's authorize hook (access-hooks.ts). */
export function setConsoleCaller(request: FastifyRequest, caller: ConsoleCaller) {
  callers.set(request, caller);
}

/** The authorized caller of a console route (set by the scope's authorize hook). */
export function consoleCaller(request: FastifyRequest): ConsoleCaller {
  const caller = callers.get(request);
  if (!caller) throw forbidden();
  return caller;
}

/** The store named by the route, which the authorize hook found (404 was answered otherwise). */
export function consoleStore(request: FastifyRequest): Tenant {
  const store = consoleCaller(request).store;
  if (!store) throw notFound('No such store.');
  return store;
}
