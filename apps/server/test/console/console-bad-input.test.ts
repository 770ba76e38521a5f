import { CONSOLE_PATHS } from '@trackwell/contracts';
import { describe, expect, it } from 'vitest';
import { a, callAs, consoleRowCounts, nobodyA, operator, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * Bad input on every console route with a body or query , sent by an
 * operator (who passes authorization): wrong types, NUL, 10,000-character strings, `javascript:` URLs, unknown
 * fields → 400 naming the field, nothing written. PATCH's hostile store values are in console-stores.test.ts.
 */
useConsoleWorld();

const at = (path: string) => path.replace(':code', a.tenant.code);
const LONG = 'x'.repeat(10_000);
type Case = [string, 'POST' | 'PATCH' | 'DELETE' | 'GET', () => string, unknown, RegExp];
const CASES: Case[] = [
  [
    'POST /stores: a number as code',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 7, name: 'N', hosts: ['n.test'] },
    /body\.code/,
  ],
  [
    'POST /stores: a 10,000-character name',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 'longname', name: LONG, hosts: ['l.test'] },
    /body\.name/,
  ],
  [
    'POST /stores: a NUL in the name',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 'nulname', name: 'a\u0000b', hosts: ['nul.test'] },
    /name/,
  ],
  [
    'POST /stores: a javascript: URL as host',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 'jsurl', name: 'J', hosts: ['javascript:alert(1)'] },
    /body\.hosts/,
  ],
  [
    'POST /stores: a repeated host',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 'twice', name: 'T', hosts: ['t.test', 't.test'] },
    /body\.hosts/,
  ],
  [
    'POST /stores: an unknown field',
    'POST',
    () => CONSOLE_PATHS.stores,
    { code: 'extra', name: 'E', hosts: ['e.test'], admin: true },
    /body/,
  ],
  [
    'PATCH /stores/:code: hosts as a string',
    'PATCH',
    () => at(CONSOLE_PATHS.store),
    { hosts: 'a.test' },
    /body\.hosts/,
  ],
  [
    'PATCH /stores/:code: a 300,000-character logo',
    'PATCH',
    () => at(CONSOLE_PATHS.store),
    { logoSvg: 'x'.repeat(300_000) },
    /body\.logoSvg/,
  ],
  [
    'POST roles: an unknown role',
    'POST',
    () => at(CONSOLE_PATHS.storeRoles),
    { login: 'x@example.test', role: 'root' },
    /body\.role/,
  ],
  [
    'POST roles: a 10,000-character login',
    'POST',
    () => at(CONSOLE_PATHS.storeRoles),
    { login: LONG, role: 'store_admin' },
    /body\.login/,
  ],
  [
    'DELETE roles: no role named',
    'DELETE',
    () => `${at(CONSOLE_PATHS.storeRoles)}?login=x@example.test`,
    undefined,
    /querystring\.role/,
  ],
  [
    'POST api-keys: a label with a NUL',
    'POST',
    () => at(CONSOLE_PATHS.storeApiKeys),
    { label: 'a\u0000b' },
    /label/,
  ],
  [
    'POST api-keys: a 10,000-character label',
    'POST',
    () => at(CONSOLE_PATHS.storeApiKeys),
    { label: LONG },
    /body\.label/,
  ],
  [
    'POST api-keys: a label as an object',
    'POST',
    () => at(CONSOLE_PATHS.storeApiKeys),
    { label: { $ne: 1 } },
    /body\.label/,
  ],
  [
    'DELETE api-keys/:id: an id that is not a number',
    'DELETE',
    () => `${at(CONSOLE_PATHS.storeApiKeys)}/1%20OR%201=1`,
    undefined,
    /params\.id/,
  ],
  [
    'GET audit: a limit of 10,000',
    'GET',
    () => `${CONSOLE_PATHS.audit}?limit=10000`,
    undefined,
    /querystring\.limit/,
  ],
  [
    'GET audit: an unknown format',
    'GET',
    () => `${CONSOLE_PATHS.audit}?format=xlsx`,
    undefined,
    /querystring\.format/,
  ],
  [
    'GET message.html: a malformed delivery id',
    'GET',
    () => at(CONSOLE_PATHS.storeDeliveryMessageHtml).replace(':deliveryId', '1e3'),
    undefined,
    /params\.deliveryId/,
  ],
  [
    'GET message.html (with the bearer token): a 10,000-character view token',
    'GET',
    () => `${at(CONSOLE_PATHS.storeDeliveryMessageHtml).replace(':deliveryId', '1')}?view=${LONG}`,
    undefined,
    /querystring\.view/,
  ],
];

describe('bad input on the console routes', () => {
  it.each(CASES)('%s → 400 naming the field, nothing written', async (_what, method, url, payload, field) => {
    const before = await consoleRowCounts();
    const res = await callAs(operator, {
      method,
      url: url(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const body = expectError(res, 400);
    expect(body.issues?.map((i) => i.path).join(' ')).toMatch(field);
    expect(await consoleRowCounts()).toEqual(before);
  });

  it('a user without a role sending bad input gets 403, not 400 (authorization runs before validation)', async () => {
    const res = await callAs(nobodyA, {
      method: 'POST',
      url: at(CONSOLE_PATHS.storeApiKeys),
      payload: { label: 7 },
    });
    expectError(res, 403);
  });
});
