import { createHash } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  AUTHN_PATHS,
  MEMBER_PATHS,
  MYACCOUNT_PATHS,
  NOTIFICATION_CENTRE_PATHS,
  RESOLVER_PATHS,
  TEST_DIGEST_PATH,
  TRACKER_PATHS,
  TRACKING_EMAILS_PATH,
} from '@trackwell/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helpers.ts';

type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown;
        tags?: string[];
        parameters?: Array<{ name: string; example?: unknown }>;
        responses: Record<string, unknown>;
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
};

describe('OpenAPI document and the /docs reference page', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  const routes: Array<[string, string]> = [
    ['get', TRACKER_PATHS.listContentTrackings],
    ['put', TRACKER_PATHS.updateTracker],
    ['delete', TRACKER_PATHS.deleteTracker],
    ['post', TRACKER_PATHS.createTracker],
    ['get', TRACKER_PATHS.listSourceTrackings],
    ['post', TRACKER_PATHS.createTrackerSource],
    ['get', TRACKER_PATHS.industryAreas],
    ['put', TRACKER_PATHS.unsubscribe],
    ['get', TRACKER_PATHS.featureFlags],
    ['get', TRACKER_PATHS.catalogSearch],
    ['get', MEMBER_PATHS.committees],
    ['get', RESOLVER_PATHS.resolve],
    ['get', TRACKING_EMAILS_PATH],
    ['post', TEST_DIGEST_PATH],
  ];

  it.each(routes)('documents %s %s with the bearer token and its error answers', (method, path) => {
    const op = doc.paths[path]?.[method];
    expect(op).toBeDefined();
    expect(op!.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '401']));
  });

  /** OpenAPI's form of a route path: `:factorId` → `{factorId}`. */
  const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

  it.each(Object.values(AUTHN_PATHS).filter((path) => path !== AUTHN_PATHS.pushApproval))(
    'documents the Okta Authentication API call POST %s: its body, the transaction answer and Okta errors',
    (path) => {
      const op = doc.paths[openApiPath(path)]?.post as
        | { requestBody?: unknown; responses: Record<string, unknown> }
        | undefined;
      expect(op).toBeDefined();
      expect(op!.requestBody).toBeDefined();
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    },
  );

  const myAccountOperations: Array<[string, string]> = [
    ['get', MYACCOUNT_PATHS.profile],
    ['put', MYACCOUNT_PATHS.profile],
    ['get', MYACCOUNT_PATHS.profileSchema],
    ['get', MYACCOUNT_PATHS.emails],
    ['post', MYACCOUNT_PATHS.emails],
    ['get', MYACCOUNT_PATHS.email],
    ['delete', MYACCOUNT_PATHS.email],
    ['post', MYACCOUNT_PATHS.emailChallenge],
    ['get', MYACCOUNT_PATHS.emailChallengeStatus],
    ['post', MYACCOUNT_PATHS.emailChallengeStatus],
    ['post', MYACCOUNT_PATHS.emailChallengeVerify],
    ['get', MYACCOUNT_PATHS.phones],
    ['post', MYACCOUNT_PATHS.phones],
    ['get', MYACCOUNT_PATHS.phone],
    ['delete', MYACCOUNT_PATHS.phone],
    ['post', MYACCOUNT_PATHS.phoneChallenge],
    ['post', MYACCOUNT_PATHS.phoneVerify],
    ['get', MYACCOUNT_PATHS.password],
    ['post', MYACCOUNT_PATHS.password],
    ['put', MYACCOUNT_PATHS.password],
    ['delete', MYACCOUNT_PATHS.password],
  ];

  it.each(myAccountOperations)(
    'documents the Okta MyAccount call %s %s: the bearer token, its answer and Okta errors',
    (method, path) => {
      const op = doc.paths[openApiPath(path)]?.[method];
      expect(op).toBeDefined();
      expect(op!.tags).toEqual(['myaccount']);
      expect(op!.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['401', '403', '406']));
      // One success answer: 200, 201 (created) or 204 (no content), as the operation gives.
      expect(Object.keys(op!.responses).filter((status) => /^2\d\d$/.test(status))).toHaveLength(1);
    },
  );

  it('documents the push approval page (GET and POST) and the IdP pages stylesheet as HTML and CSS', () => {
    const page = doc.paths[openApiPath(AUTHN_PATHS.pushApproval)]!;
    for (const op of [page.get, page.post]) {
      expect(op?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['token', 'lang']));
      expect(op?.responses['200']).toMatchObject({ content: { 'text/html': {} } });
    }
    expect(doc.paths['/api/v1/authn/page.css']?.get?.responses['200']).toMatchObject({
      content: { 'text/css': {} },
    });
  });

  it('documents the notification centre (bearer, errors) and the private Atom feed (no token, Atom, 404)', () => {
    const N = NOTIFICATION_CENTRE_PATHS;
    const ops = [
      doc.paths[N.list]?.get,
      doc.paths[N.unread]?.get,
      doc.paths[openApiPath(N.read)]?.post,
      doc.paths[N.readAll]?.post,
      doc.paths[N.feed]?.get,
      doc.paths[N.feed]?.post,
    ];
    for (const op of ops) {
      expect(op?.tags).toEqual(['notification-centre']);
      expect(op?.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '429']));
    }
    const atom = doc.paths[openApiPath(N.atom)]?.get;
    expect(atom?.security).toBeUndefined();
    expect(atom?.responses['200']).toMatchObject({ content: { 'application/atom+xml': {} } });
    expect(atom?.responses['404']).toBeDefined();
  });

  it('documents the store page and carries examples for the parameters', () => {
    expect(doc.paths['/store/standards/{assetId}.html']?.get).toBeDefined();
    const params = doc.paths[TRACKER_PATHS.listContentTrackings]!.get!.parameters!;
    for (const name of ['userId', 'pageIndex', 'pageSize']) {
      expect(params.find((p) => p.name === name)?.example).toBeDefined();
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves the interactive reference under a CSP that allows exactly its inline script', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(res.body).toContain('js/scalar.js');
    const js = await t.app.inject({ url: '/docs/js/scalar.js' });
    expect(js.statusCode).toBe(200);
    // Only /docs/ is relaxed: the portal keeps the strict policy.
    const portal = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(String(portal.headers['content-security-policy'])).not.toContain('sha256-');
  });
  it('serves the YAML form too, the same document each time (made once, then kept), with its headers', async () => {
    const first = await t.app.inject({ url: '/docs/openapi.yaml' });
    const again = await t.app.inject({ url: '/docs/openapi.yaml' });
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/yaml/);
      expect(res.headers['content-disposition']).toMatch(/\.yaml$/);
    }
    expect(first.body).toMatch(/^openapi: 3\.1\.0$/m);
    expect(first.body).toContain(`${TRACKER_PATHS.listContentTrackings}:`);
    expect(again.body).toBe(first.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/docs/openapi.yaml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^application\/yaml/);
    expect(head.body).toBe('');
  });

  it('writes each form of the document once, whether its first request is a HEAD or a GET', async () => {
    const fresh = await buildTestApp();
    try {
      const made = vi.spyOn(fresh.app, 'swagger');
      for (const url of ['/docs/openapi.json', '/docs/openapi.yaml']) {
        const head = await fresh.app.inject({ method: 'HEAD', url });
        expect(head.statusCode).toBe(200);
        const first = await fresh.app.inject({ url });
        const again = await fresh.app.inject({ url });
        expect(first.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
      }
      expect(made.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      await fresh.close();
    }
  });
});
