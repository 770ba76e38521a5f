import { text } from 'node:stream/consumers';
import { createCatalogApiKey, createStoreApiKey, grantConsoleRole } from '@trackwell/db';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { refusedHeader } from '../../src/http/unsafe-strings-guard.ts';
import { createEmbeddedUser, embeddedAccessToken } from '../support/embedded-signin.ts';
import { buildTestApp, leaksInternals, type TestApp } from '../support/helpers.ts';
import {
  createTrackerTenant,
  insertCatalogue,
  startTestIssuer,
  type TestIssuer,
} from '../support/tracker-fixtures.ts';
import { type FuzzRequest, type FuzzTargets, requestArbitrary } from './request-arbitrary.ts';
import { type FuzzRoute, recordRoutes, routeName } from './route-table.ts';
import { createWriteWatch, type WriteWatch } from './write-watch.ts';

/**
 * The world the route fuzzer runs in, shared by the test suite (fixed seed, 300 cases a route) and
 * `bench/fuzz/run.ts` (more cases): the whole app's route table, an app to fuzz, two stores (one on an
 * external issuer for the tracker APIs with a publisher API key, one on the embedded IdP with a MyAccount
 * token), and the checks every answer must pass.
 */

/** Routes that require a credential: an anonymous caller gets 401 before any validation. */
export const AUTHENTICATED_ROUTES = [
  /^\/api\/tracker\//,
  /^\/openapi\/v1\//,
  /^\/api\/platform\//,
  /^\/api\/catalog\//,
  /^\/api\/console\//,
  /^\/api\/notifications\//,
  /^\/idp\/myaccount\//,
  /^\/api\/v1\/users/,
  /^\/api\/identity\/v1\/me$/,
  /^\/oauth2\/:server\/v1\/userinfo$/,
];
export const isAuthenticatedRoute = (url: string) => AUTHENTICATED_ROUTES.some((r) => r.test(url));

const IDENTITY_ROUTES = /^\/(api\/v1|oauth2|idp|api\/identity|login|interaction)\//;
const PUBLISHER_ROUTES = /^\/api\/(catalog|notifications)\//;
const CONSOLE_ROUTES = /^\/api\/console\//;
const USERS_API_ROUTES = /^\/api\/v1\/users/;

/**
 * Tables a refused request may write: attempt counters (sign-in and recovery rate limits, and on PostgreSQL
 * the tracker APIs' per-user limit, count refused calls too — that is what makes them limits). Nothing else
 * may change on a 4xx.
 */
export const ATTEMPT_COUNTER_TABLES = new Set(['public.identity_rate_limits', 'public.api_rate_limits']);

/**
 * And per route: a wrong password for a real account counts towards its lockout (`identity_accounts`
 * `failed_attempts`, Okta's lockout policy) on the 401 that refuses it. Found by `bench/fuzz` at 1,000 cases
 * a route, whose generator sometimes sends the fuzz world's real login with a wrong password.
 */
const ROUTE_ATTEMPT_COUNTERS: Record<string, ReadonlySet<string>> = {
  'POST /api/v1/authn': new Set(['public.identity_accounts']),
};

/** Script and style assets (the API reference's bundle): their text is code, not an answer that could leak. */
const STATIC_CODE = /^(text|application)\/(javascript|css)/;
/** A path that is not valid percent-encoding matches no route: Fastify refuses it (400) before routing. */
const isBadUrl = (url: string) => {
  try {
    decodeURIComponent(url.split('?')[0]!);
    return false;
  } catch {
    return true;
  }
};

export interface FuzzFailure {
  route: string;
  request: FuzzRequest;
  status: number;
  problem: string;
}

export interface FuzzWorld {
  t: TestApp;
  routes: FuzzRoute[];
  /** Routes of the full app (web, idp, worker) that the fuzzed app (web, idp) lacks: must be none. */
  missingRoutes: string[];
  histogram: Map<number, number>;
  cases: number;
  /** Runs `runs` generated requests against one route; resolves with the first failure, if any. */
  fuzzRoute(route: FuzzRoute, options: { runs: number; seed: number }): Promise<FuzzFailure | undefined>;
  close(): Promise<void>;
}

const FUZZ_ENV = {
  SMTP_SINK_PORT: '0',
  IDP_RATE_LIMIT_PER_IP: '100000',
  IDP_RATE_LIMIT_PER_USER: '10000',
  TRACKER_RATE_LIMIT_PER_USER: '10000000',
  PROVISIONING_RATE_LIMIT_PER_TOKEN: '10000000',
};

/**
 * The app fuzzed (no worker: no background job writes while requests are checked for writes), its routes,
 * and the routes a process running every service has that it lacks.
 */
async function fuzzApp() {
  // The route table of a process running every service…
  const full = recordRoutes();
  const everything = await buildTestApp({ ...FUZZ_ENV, SERVICES: 'web,idp,worker' });
  full.stop();
  await everything.close();
  // …and the app fuzzed: no worker, so no background job writes while requests are checked for writes.
  const recorded = recordRoutes();
  const t = await buildTestApp({ ...FUZZ_ENV, SERVICES: 'web,idp' });
  recorded.stop();
  const names = new Set(recorded.routes.map(routeName));
  const missingRoutes = [...new Set(full.routes.map(routeName))].filter((n) => !names.has(n));
  return { t, routes: recorded.routes, missingRoutes };
}

/** The stores, users, tokens and keys the requests use, and the values the generators may pick. */
async function fuzzTargets(t: TestApp): Promise<{ issuer: TestIssuer; targets: FuzzTargets }> {
  const issuer: TestIssuer = await startTestIssuer();
  const tracker = await createTrackerTenant(t, issuer);
  const catalogue = await insertCatalogue(t.app.db, tracker.tenant.id, 3);
  const trackerUser = await tracker.createUser();
  const trackerToken = await tracker.token(trackerUser, {}, { expiresIn: '6h' });
  const apiKey = await createCatalogApiKey(t.app.db, tracker.tenant.id, 'fuzz');
  const idp = await t.createTenant();
  const idpUser = await createEmbeddedUser(t.app, idp.tenant.id);
  const myAccountToken = await embeddedAccessToken(
    t.app,
    idp.host,
    idp.tenant.config['client-id'],
    idpUser.login,
  );
  // The Users API: a store API token, and a user of its own for the lifecycle routes to act on.
  const provisioningToken = (
    await t.app.db.transaction((tx) => createStoreApiKey(tx, idp.tenant.id, 'fuzz', null, 'provisioning'))
  ).key;
  const provisioned = await createEmbeddedUser(t.app, idp.tenant.id);

  // The console: a platform operator of a store of its own, so requests reach the handlers; the stores its
  // `:code` names are a target store no other route uses (a generated PATCH may rename its hosts).
  const consoleHome = await createTrackerTenant(t, issuer);
  const operator = await consoleHome.createUser();
  await grantConsoleRole(t.app.db, consoleHome.tenant.id, operator.id, 'platform_operator', null);
  const operatorToken = await consoleHome.token(operator, {}, { expiresIn: '6h' });
  const consoleTarget = await t.createTenant();

  const [standard] = [...catalogue.standards.values()];
  const targets: FuzzTargets = {
    hostFor: (url) =>
      IDENTITY_ROUTES.test(url) ? idp.host : CONSOLE_ROUTES.test(url) ? consoleHome.host : tracker.host,
    credentialFor: (url): Record<string, string> =>
      USERS_API_ROUTES.test(url)
        ? { authorization: `SSWS ${provisioningToken}` }
        : IDENTITY_ROUTES.test(url)
          ? { authorization: `Bearer ${myAccountToken}` }
          : CONSOLE_ROUTES.test(url)
            ? { authorization: `Bearer ${operatorToken}` }
            : PUBLISHER_ROUTES.test(url)
              ? { 'x-api-key': apiKey }
              : { authorization: `Bearer ${trackerToken}` },
    otherHost: 'no-such-store.test.localhost',
    knownValues: {
      userId: [trackerUser.id, provisioned.id, provisioned.login],
      assetId: [standard!.assetId],
      contentCode: [standard!.contentCode],
      code: [idp.tenant.code, 'PUB1', 'D20', consoleTarget.tenant.code],
      username: [idpUser.login],
      client_id: [idp.tenant.config['client-id']],
      tenantCode: [tracker.tenant.code],
      events: [[], [{ id: 'e1', kind: 'standard.updated', assetId: standard!.assetId }]],
      applicationCode: ['TRACKER'],
      pageNumber: [1, '1'],
      pageSize: [10, '10'],
      id: ['1'],
    },
  };
  return { issuer, targets };
}

type CheckState = { mark: bigint; cases: number; histogram: Map<number, number> };

/**
 * One request's answer, checked: no 5xx, nothing internal leaked, a refusal writes nothing, an anonymous
 * caller of an authenticated route gets 401. Counts the case and its status; undefined when it holds.
 */
async function checkAnswer(
  t: TestApp,
  watch: WriteWatch,
  targets: FuzzTargets,
  state: CheckState,
  route: FuzzRoute,
  request: FuzzRequest,
): Promise<string | undefined> {
  const { credential: _c, ...options } = request;
  const res = await t.app.inject({ ...(options as InjectOptions), payloadAsStream: true });
  const before = state.mark;
  state.mark = await watch.mark();
  // Script and style assets (megabytes for the API reference) are drained unread: only answers are checked.
  const staticCode = STATIC_CODE.test(String(res.headers['content-type'] ?? ''));
  let body = '';
  if (staticCode) res.stream().resume();
  else body = await text(res.stream());
  state.cases++;
  state.histogram.set(res.statusCode, (state.histogram.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${body.slice(0, 300)}`;
  if (leaksInternals(body)) return `leaks internals: ${body.slice(0, 300)}`;
  if (res.statusCode >= 400) {
    const writes = await watch.between(before, state.mark);
    const counters = ROUTE_ATTEMPT_COUNTERS[routeName(route)];
    const tables = writes.tables.filter((name) => !ATTEMPT_COUNTER_TABLES.has(name) && !counters?.has(name));
    if (tables.length > 0 || writes.unattributed > 0)
      return `answered ${res.statusCode} but wrote ${[...tables, ...(writes.unattributed ? [`${writes.unattributed} unattributed xid(s)`] : [])].join(', ')}`;
  }
  const anonymous =
    request.credential === 'none' &&
    request.headers.host !== targets.otherHost &&
    !refusedHeader(request.headers);
  if (anonymous && isAuthenticatedRoute(route.url) && res.statusCode !== 401 && !isBadUrl(request.url))
    return `anonymous request answered ${res.statusCode}, not 401: ${body.slice(0, 200)}`;
  return undefined;
}

export async function createFuzzWorld(): Promise<FuzzWorld> {
  const { t, routes, missingRoutes } = await fuzzApp();
  const { issuer, targets } = await fuzzTargets(t);
  const watch: WriteWatch = await createWriteWatch(t.app.db, {
    sharedServer: Boolean(process.env.TEST_DATABASE_URL),
  });
  const state: CheckState = { mark: await watch.mark(), cases: 0, histogram: new Map() };
  const world: FuzzWorld = {
    t,
    routes,
    missingRoutes,
    histogram: state.histogram,
    get cases() {
      return state.cases;
    },
    async fuzzRoute(route, { runs, seed }) {
      let failure: FuzzFailure | undefined;
      await fc
        .assert(
          fc.asyncProperty(requestArbitrary(route, targets), async (request) => {
            const problem = await checkAnswer(t, watch, targets, state, route, request);
            if (problem) {
              failure ??= { route: routeName(route), request, status: 0, problem };
              throw new Error(problem);
            }
          }),
          { numRuns: runs, seed, endOnFailure: true },
        )
        .catch(() => undefined);
      return failure;
    },
    async close() {
      await issuer.close();
      await t.close();
    },
  };
  return world;
}
