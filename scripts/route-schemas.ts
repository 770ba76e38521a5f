/**
 * Which server routes have a schema (every route should): builds the app with every service on a
 * throw-away embedded database, records each route as it is registered, and prints routes with a schema /
 * all routes, per area, then the routes without one. HEAD twins of GET routes are not counted.
 *
 *   node scripts/route-schemas.ts
 */
import { createTestDatabase } from '@trackwell/db/testing';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv, parseServices } from '../apps/server/src/config/env.ts';
import { recordRoutes } from '../apps/server/test/fuzz/route-table.ts';

const recorder = recordRoutes();
const database = await createTestDatabase();
const env = parseEnv({ LOG_LEVEL: 'silent', SMTP_SINK_PORT: '0', SERVICES: 'web,idp,worker' });
const app = await buildApp({ env, db: database.handle, services: parseServices(env.SERVICES) });
await app.ready();
recorder.stop();

const routes = recorder.routes.filter((r) => r.method !== 'HEAD');
const area = (url: string) => {
  if (url.startsWith('/idp/myaccount')) return 'identity: MyAccount';
  if (url.startsWith('/api/v1/authn')) return 'identity: authn';
  if (url.startsWith('/api/v1/sessions') || url.startsWith('/oauth2') || url.startsWith('/interaction'))
    return 'identity: OIDC, sessions, interaction';
  if (url.startsWith('/api/identity')) return 'identity: user info';
  return `web: ${url.split('/').filter(Boolean).slice(0, 1).join('/') || '/'}`;
};
const byArea = new Map<string, { all: number; withSchema: number }>();
for (const r of routes) {
  const a = byArea.get(area(r.url)) ?? { all: 0, withSchema: 0 };
  a.all += 1;
  if (r.schema) a.withSchema += 1;
  byArea.set(area(r.url), a);
}
const withSchema = routes.filter((r) => r.schema).length;
process.stdout.write(`\nroutes with a schema: ${withSchema} / ${routes.length}\n\n`);
for (const [name, a] of [...byArea].sort())
  process.stdout.write(`  ${`${a.withSchema} / ${a.all}`.padStart(8)}  ${name}\n`);
process.stdout.write('\nwithout a schema:\n');
for (const r of routes.filter((x) => !x.schema)) process.stdout.write(`  ${r.method.padEnd(7)} ${r.url}\n`);
await app.close();
await database.drop();
