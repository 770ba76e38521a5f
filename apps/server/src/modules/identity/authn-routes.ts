import { LANGUAGE_QUERY_PARAM, type Language, offeredLanguage, personLanguage } from '@trackwell/contracts';
import type { Tenant } from '@trackwell/db';
import { SIGN_IN_STRINGS } from '@trackwell/email';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentEtag } from '../../http/etag.ts';
import * as authn from './authn.ts';
import { authnContext, DEVICE_COOKIE, requireEmbeddedTenant } from './context.ts';
import { oktaErrors } from './okta-errors.ts';
import { escapeHtml, htmlPage, IDP_PAGE_CSS, IDP_PAGE_STYLESHEET_PATH, sentenceHtml } from './pages.ts';

/**
 * The Authentication API routes (okta-compat.md §3.3). Thin: parse, build the context, call authn.ts, answer.
 * The paths behind `_links` are ours to choose; these mirror Okta's.
 */

type Body = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Body => {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw oktaErrors.malformedBody();
  return b as Body;
};

function send(request: FastifyRequest, reply: FastifyReply, result: authn.AuthnResult) {
  if (result.deviceToken) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${DEVICE_COOKIE}=${result.deviceToken}; Path=/api/v1/authn; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return reply
    .code(result.status ?? 200)
    .header('cache-control', 'no-store')
    .send(result.body);
}

export async function registerAuthnRoutes(app: FastifyInstance): Promise<void> {
  const ctxOf = async (request: FastifyRequest) =>
    authnContext(app, request, await requireEmbeddedTenant(app, request));
  const flag = (request: FastifyRequest, name: string) =>
    (request.query as Record<string, string | undefined>)[name] === 'true';

  app.post('/api/v1/authn', async (request, reply) =>
    send(request, reply, await authn.authenticate(await ctxOf(request), bodyOf(request))),
  );
  app.post('/api/v1/authn/introspect', async (request, reply) =>
    send(request, reply, await authn.currentState(await ctxOf(request), bodyOf(request).stateToken)),
  );
  app.post('/api/v1/authn/cancel', async (request, reply) =>
    send(request, reply, await authn.cancel(await ctxOf(request), bodyOf(request).stateToken)),
  );
  app.post('/api/v1/authn/previous', async (request, reply) =>
    send(request, reply, await authn.previous(await ctxOf(request), bodyOf(request).stateToken)),
  );
  app.post('/api/v1/authn/skip', async (request, reply) =>
    send(request, reply, await authn.skip(await ctxOf(request), bodyOf(request).stateToken)),
  );
  app.post('/api/v1/authn/credentials/change_password', async (request, reply) =>
    send(request, reply, await authn.changePassword(await ctxOf(request), bodyOf(request))),
  );
  app.post('/api/v1/authn/credentials/reset_password', async (request, reply) =>
    send(request, reply, await authn.resetPassword(await ctxOf(request), bodyOf(request))),
  );
  app.post<{ Params: { factorId: string } }>(
    '/api/v1/authn/factors/:factorId/verify',
    async (request, reply) =>
      send(
        request,
        reply,
        await authn.verifyFactor(await ctxOf(request), request.params.factorId, bodyOf(request), {
          rememberDevice: flag(request, 'rememberDevice'),
        }),
      ),
  );
  app.post<{ Params: { factorId: string } }>(
    '/api/v1/authn/factors/:factorId/verify/resend',
    async (request, reply) =>
      send(
        request,
        reply,
        await authn.resendFactor(await ctxOf(request), request.params.factorId, bodyOf(request).stateToken),
      ),
  );
  app.post('/api/v1/authn/factors', async (request, reply) =>
    send(request, reply, await authn.enrollFactor(await ctxOf(request), bodyOf(request))),
  );
  app.post<{ Params: { factorId: string } }>(
    '/api/v1/authn/factors/:factorId/lifecycle/activate',
    async (request, reply) =>
      send(
        request,
        reply,
        await authn.activateFactor(await ctxOf(request), request.params.factorId, bodyOf(request)),
      ),
  );
  app.post<{ Params: { factorId: string } }>(
    '/api/v1/authn/factors/:factorId/lifecycle/activate/resend',
    async (request, reply) =>
      send(
        request,
        reply,
        await authn.resendActivation(
          await ctxOf(request),
          request.params.factorId,
          bodyOf(request).stateToken,
        ),
      ),
  );
  app.post('/api/v1/authn/recovery/password', async (request, reply) =>
    send(request, reply, await authn.startRecovery(await ctxOf(request), 'PASSWORD', bodyOf(request))),
  );
  app.post('/api/v1/authn/recovery/unlock', async (request, reply) =>
    send(request, reply, await authn.startRecovery(await ctxOf(request), 'UNLOCK', bodyOf(request))),
  );
  app.post('/api/v1/authn/recovery/token', async (request, reply) =>
    send(request, reply, await authn.verifyRecoveryToken(await ctxOf(request), bodyOf(request))),
  );
  app.post('/api/v1/authn/recovery/answer', async (request, reply) =>
    send(request, reply, await authn.answerRecoveryQuestion(await ctxOf(request), bodyOf(request))),
  );

  // The push factor's e-mailed link (issue 12 §8): in the language of its e-mail (`?lang=`, else the one
  // the request was made in), in the store's look. GET shows the question, the form POST decides (link
  // scanners only GET); the form posts to the same URL, so the answer page keeps the language.
  const pushPage = (
    reply: FastifyReply,
    tenant: Tenant,
    language: Language,
    state: 'question' | 'approved' | 'rejected' | 'expired',
  ) => {
    const t = SIGN_IN_STRINGS[language].pushPage;
    const [title, body] =
      state === 'question'
        ? [
            t.title,
            `<p>${sentenceHtml(t.question, { tenant: tenant.config.tenantName })}</p>
<form method="post" class="tw-idp__actions"><button type="submit" name="decision" value="approve" class="tw-idp__primary">${escapeHtml(t.approve)}</button> <button type="submit" name="decision" value="deny" class="tw-idp__secondary">${escapeHtml(t.deny)}</button></form>`,
          ]
        : state === 'approved'
          ? [t.approvedTitle, `<p>${escapeHtml(t.approvedBody)}</p>`]
          : state === 'rejected'
            ? [t.deniedTitle, `<p>${escapeHtml(t.deniedBody)}</p>`]
            : [t.expiredTitle, `<p>${escapeHtml(t.expiredBody)}</p>`];
    return reply
      .code(state === 'expired' ? 410 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(htmlPage(tenant, title, body, language));
  };
  /** `?lang=` when the store offers it, else the pending request's own language, else the asking browser's. */
  const pushLanguage = (
    request: FastifyRequest,
    ctx: authn.AuthnContext,
    pending?: { language?: unknown },
  ) => {
    const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM];
    return personLanguage({
      requested: offeredLanguage(query, ctx.tenant.config.ui.languages) ?? ctx.requestedLanguage,
      stored: pending?.language,
      store: ctx.tenant.config.ui,
    });
  };

  app.get<{ Params: { token: string } }>(`${authn.PUSH_PATH}:token`, async (request, reply) => {
    const ctx = await ctxOf(request);
    const pending = await authn.pushPending(ctx, request.params.token);
    const language = pushLanguage(request, ctx, pending);
    return pushPage(reply, ctx.tenant, language, pending ? 'question' : 'expired');
  });
  app.post<{ Params: { token: string } }>(`${authn.PUSH_PATH}:token`, async (request, reply) => {
    const ctx = await ctxOf(request);
    const pending = await authn.pushPending(ctx, request.params.token);
    const language = pushLanguage(request, ctx, pending);
    const decision = bodyOf(request).decision === 'approve' ? 'approved' : 'rejected';
    const ok = await authn.decidePush(ctx, request.params.token, decision);
    return pushPage(reply, ctx.tenant, language, ok ? decision : 'expired');
  });

  /** The stylesheet of the IdP's own pages (pages.ts). */
  const pageCssEtag = contentEtag(IDP_PAGE_CSS);
  app.get(IDP_PAGE_STYLESHEET_PATH, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').header('etag', pageCssEtag);
    if (request.headers['if-none-match'] === pageCssEtag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(IDP_PAGE_CSS);
  });
}
