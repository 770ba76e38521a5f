import {
  CONSOLE_CATALOG_PATHS,
  CONSOLE_FORECAST_PATHS,
  CONSOLE_ICS_PATHS,
  CONSOLE_IDENTITY_KEY_ROTATION_PATH,
  CONSOLE_IDENTITY_KEYS_PATH,
  CONSOLE_IDENTITY_TEST_PATH,
  CONSOLE_LOGO_PATH,
  CONSOLE_PATHS,
  CONSOLE_STANDARD_PATHS,
  ORGANISATION_PATHS as O,
  WEBHOOK_PATHS,
} from '@trackwell/contracts';
import { a, editorA, nobodyA } from '../support/console-world.ts';

/** Every console route as console-cross-role.test.ts walks it: how to call it, and who may. */

export interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered (compared with the OpenAPI document: every console route is here). */
  route: string;
  url: () => string;
  payload?: () => Record<string, unknown> | string;
  headers?: Record<string, string>;
  /** Actors (besides the operator) that may call it: every other one is refused. */
  allowed: Array<'adminA' | 'editorA' | 'adminB'>;
}

/** The ids of store A's rows the routes name, filled in by the test's set-up. */
export const ids = { keyId: '', changeId: '', deliveryId: '', clientId: '', webhookId: '' };
const at = (path: string, extra = '') =>
  `${path
    .replace(':code', a.tenant.code)
    .replace('webhooks/:id', `webhooks/${ids.webhookId}`)
    .replace(':id/retry', `${ids.changeId}/retry`)
    .replace(':id/deliveries', `${ids.changeId}/deliveries`)
    .replace(':id', ids.keyId)
    .replace(':ids.deliveryId', ids.deliveryId)
    .replace(':ids.clientId', ids.clientId)
    .replace(':contentCode', 'D638-CC')}${extra}`;
/** A change of store A that its catalogue has (D638-14, buildNotificationCatalogue). */
export const change = () => ({
  id: 'cross-role-1',
  type: 'withdrawal',
  standard: { contentCode: 'D638-CC' },
});
const P = CONSOLE_PATHS;
const C = CONSOLE_CATALOG_PATHS;
const W = WEBHOOK_PATHS;
export const ROUTES: RouteCase[] = [
  // GET /stores is open to every role holder: B's admin sees only B (checked below), never A.
  { method: 'GET', route: P.stores, url: () => P.stores, allowed: ['adminA', 'editorA', 'adminB'] },
  {
    method: 'POST',
    route: P.stores,
    url: () => P.stores,
    payload: () => ({ code: 'never', name: 'Never', hosts: ['never.test.localhost'] }),
    allowed: [],
  },
  { method: 'GET', route: P.store, url: () => at(P.store), allowed: ['adminA'] },
  {
    method: 'PATCH',
    route: P.store,
    url: () => at(P.store),
    payload: () => ({ config: { tenantName: 'Taken over' } }),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeRoles, url: () => at(P.storeRoles), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeRoles,
    url: () => at(P.storeRoles),
    payload: () => ({ login: nobodyA.user.login, role: 'store_admin' }),
    allowed: ['adminA'],
  },
  {
    method: 'DELETE',
    route: P.storeRoles,
    url: () => at(P.storeRoles, `?login=${encodeURIComponent(editorA.user.login)}&role=catalog_editor`),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeApiKeys, url: () => at(P.storeApiKeys), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeApiKeys,
    url: () => at(P.storeApiKeys),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeApiKey, url: () => at(P.storeApiKey), allowed: ['adminA'] },
  // The store's Users API tokens, the same actions as its publisher keys.
  {
    method: 'GET',
    route: P.storeProvisioningTokens,
    url: () => at(P.storeProvisioningTokens),
    allowed: ['adminA'],
  },
  {
    method: 'POST',
    route: P.storeProvisioningTokens,
    url: () => at(P.storeProvisioningTokens),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  {
    method: 'DELETE',
    route: P.storeProvisioningToken,
    url: () => at(P.storeProvisioningToken),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeAudit, url: () => at(P.storeAudit), allowed: ['adminA'] },
  { method: 'GET', route: P.audit, url: () => P.audit, allowed: [] },
  ...[C.importDryRun, C.imports].map(
    (route): RouteCase => ({
      method: 'POST',
      route,
      url: () => at(route),
      payload: () => 'kind,code,name\npublisher,EVIL,Evil Publisher\n',
      headers: { 'content-type': 'text/csv' },
      allowed: ['adminA', 'editorA'],
    }),
  ),
  { method: 'GET', route: C.imports, url: () => at(C.imports), allowed: ['adminA', 'editorA'] },
  // Reading a file's columns writes nothing; saving the mapping is a catalogue editor's.
  {
    method: 'POST',
    route: C.importColumns,
    url: () => at(C.importColumns),
    payload: () => 'reference,title\nISO 1:2000,Units\n',
    headers: { 'content-type': 'text/csv' },
    allowed: ['adminA', 'editorA'],
  },
  // The ICS → industry area mapping is a store setting: its administrators'.
  {
    method: 'GET',
    route: CONSOLE_ICS_PATHS.areaMapping,
    url: () => at(CONSOLE_ICS_PATHS.areaMapping),
    allowed: ['adminA'],
  },
  {
    method: 'PUT',
    route: CONSOLE_ICS_PATHS.areaMapping,
    url: () => at(CONSOLE_ICS_PATHS.areaMapping),
    payload: () => ({ entries: [] }),
    allowed: ['adminA'],
  },
  // The review-forecast rules are a store setting too.
  {
    method: 'GET',
    route: CONSOLE_FORECAST_PATHS.rules,
    url: () => at(CONSOLE_FORECAST_PATHS.rules),
    allowed: ['adminA'],
  },
  {
    method: 'PUT',
    route: CONSOLE_FORECAST_PATHS.rules,
    url: () => at(CONSOLE_FORECAST_PATHS.rules),
    payload: () => ({ rules: [] }),
    allowed: ['adminA'],
  },
  { method: 'GET', route: C.importMapping, url: () => at(C.importMapping), allowed: ['adminA', 'editorA'] },
  {
    method: 'PUT',
    route: C.importMapping,
    url: () => at(C.importMapping),
    payload: () => ({
      columns: [
        { header: 'ref', field: 'reference' },
        { header: 'title', field: 'title' },
        { header: 'stage', field: 'stage' },
        { header: 'date', field: 'publishedOn' },
      ],
    }),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'POST',
    route: P.storeChangePreview,
    url: () => at(P.storeChangePreview),
    payload: change,
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'POST',
    route: P.storeChanges,
    url: () => at(P.storeChanges),
    payload: change,
    allowed: ['adminA', 'editorA'],
  },
  { method: 'GET', route: P.storeChanges, url: () => at(P.storeChanges), allowed: ['adminA'] },
  {
    method: 'GET',
    route: P.storeDeliveriesDaily,
    url: () => at(P.storeDeliveriesDaily, '?from=2026-01-01&to=2026-01-31'),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: P.storeChangeDeliveries,
    url: () => at(P.storeChangeDeliveries),
    allowed: ['adminA'],
  },
  { method: 'POST', route: P.storeChangeRetry, url: () => at(P.storeChangeRetry), allowed: ['adminA'] },
  {
    method: 'GET',
    route: P.storeDeliveryMessage,
    url: () => at(P.storeDeliveryMessage),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: P.storeDeliveryMessageHtml,
    url: () => at(P.storeDeliveryMessageHtml),
    allowed: ['adminA'],
  },
  { method: 'GET', route: P.storeClients, url: () => at(P.storeClients), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeClients,
    url: () => at(P.storeClients),
    payload: () => ({ label: 'stolen' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeClient, url: () => at(P.storeClient), allowed: ['adminA'] },
  {
    method: 'POST',
    route: CONSOLE_IDENTITY_TEST_PATH,
    url: () => at(CONSOLE_IDENTITY_TEST_PATH),
    // Never fetched: the caller is refused before the body is read.
    payload: () => ({ issuer: 'https://issuer.invalid' }),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: CONSOLE_IDENTITY_KEYS_PATH,
    url: () => at(CONSOLE_IDENTITY_KEYS_PATH),
    allowed: ['adminA'],
  },
  {
    method: 'POST',
    route: CONSOLE_IDENTITY_KEY_ROTATION_PATH,
    url: () => at(CONSOLE_IDENTITY_KEY_ROTATION_PATH),
    allowed: ['adminA'],
  },
  {
    method: 'PUT',
    route: CONSOLE_LOGO_PATH,
    url: () => at(CONSOLE_LOGO_PATH),
    payload: () => '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    headers: { 'content-type': 'image/svg+xml' },
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: CONSOLE_STANDARD_PATHS.standards,
    url: () => at(CONSOLE_STANDARD_PATHS.standards),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'GET',
    route: CONSOLE_STANDARD_PATHS.standard,
    url: () => at(CONSOLE_STANDARD_PATHS.standard),
    allowed: ['adminA', 'editorA'],
  },
  {
    method: 'PATCH',
    route: CONSOLE_STANDARD_PATHS.standard,
    url: () => at(CONSOLE_STANDARD_PATHS.standard),
    payload: () => ({ status: 'withdrawn', title: 'Taken over' }),
    allowed: ['adminA', 'editorA'],
  },
  { method: 'GET', route: W.storeWebhooks, url: () => at(W.storeWebhooks), allowed: ['adminA'] },
  {
    method: 'POST',
    route: W.storeWebhooks,
    url: () => at(W.storeWebhooks),
    payload: () => ({ url: 'https://attacker.example/hook' }),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: W.storeWebhook, url: () => at(W.storeWebhook), allowed: ['adminA'] },
  { method: 'POST', route: W.storeWebhookTest, url: () => at(W.storeWebhookTest), allowed: ['adminA'] },
  {
    method: 'GET',
    route: W.storeWebhookDeliveries,
    url: () => at(W.storeWebhookDeliveries),
    allowed: ['adminA'],
  },
  // The store's users (A's user without a role is the one acted on).
  { method: 'GET', route: P.storeUsers, url: () => at(P.storeUsers), allowed: ['adminA'] },
  { method: 'GET', route: P.storeUser, url: () => userAt(P.storeUser), allowed: ['adminA'] },
  {
    method: 'POST',
    route: P.storeUserAction,
    url: () => userAt(P.storeUserAction).replace(':action', 'deactivate'),
    allowed: ['adminA'],
  },
  { method: 'DELETE', route: P.storeUser, url: () => userAt(P.storeUser), allowed: ['adminA'] },
  // The store's organisations (refused before anything is looked up, so any organisation id serves).
  {
    method: 'GET',
    route: O.consoleOrganisations,
    url: () => at(O.consoleOrganisations),
    allowed: ['adminA'],
  },
  {
    method: 'GET',
    route: O.consoleOrganisation,
    url: () => orgAt(O.consoleOrganisation),
    allowed: ['adminA'],
  },
  {
    method: 'PUT',
    route: O.consoleSeatLimit,
    url: () => orgAt(O.consoleSeatLimit),
    payload: () => ({ seatLimit: 3 }),
    allowed: ['adminA'],
  },
];
const orgAt = (path: string) => at(path).replace(':organisationId', '00000000-0000-4000-8000-000000000001');
const userAt = (path: string) => at(path).replace(':userId', nobodyA.user.id);
