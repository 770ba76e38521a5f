import {
  AUTHN_PATHS,
  LANGUAGE_QUERY_PARAM,
  type Language,
  offeredLanguage,
  personLanguage,
  pushDecisionBody,
  pushParams,
} from '@trackwell/contracts';
import type { Tenant } from '@trackwell/db';
import { SIGN_IN_STRINGS } from '@trackwell/email';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentEtag } from '../../../http/etag.ts';
import { htmlAnswer } from '../okta-answers.ts';
import { escapeHtml, htmlPage, IDP_PAGE_CSS, IDP_PAGE_STYLESHEET_PATH, sentenceHtml } from '../pages.ts';
import type { AuthnContext } from './authn-context.ts';
import { decidePush, pushPending } from './push.ts';
import { authnContextOf, resolveAuthnContext } from './request-context.ts';

/**
 * The push factor's e-mailed link: in the language of its e-mail (`?lang=`, else the one the
 * request was made in), in the store's look. GET shows the question, the form POST decides (link scanners
 * only GET); the form posts to the same URL, so the answer page keeps the language. Also the stylesheet of
 * the IdP's own pages (pages.ts).
 */

type PushPageState = 'question' | 'approved' | 'rejected' | 'expired';

const pushPageSchema = {
  tags: ['authn'],
  params: pushParams,
  querystring: z.object({
    [LANGUAGE_QUERY_PARAM]: z
      .unknown()
      .optional()
      .meta({ type: 'string', description: 'The page’s language.' }),
  }),
  response: {
    200: htmlAnswer('The question, or the decision taken.'),
    410: htmlAnswer('No such push request pending (used or expired).'),
  },
};

function pushPageBody(tenant: Tenant, language: Language, state: PushPageState): [string, string] {
  const t = SIGN_IN_STRINGS[language].pushPage;
  if (state === 'question') {
    const question = sentenceHtml(t.question, { tenant: tenant.config.tenantName });
    return [
      t.title,
      `<p>${question}</p>
<form method="post" class="tw-idp__actions"><button type="submit" name="decision" value="approve" class="tw-idp__primary">${escapeHtml(t.approve)}</button> <button type="submit" name="decision" value="deny" class="tw-idp__secondary">${escapeHtml(t.deny)}</button></form>`,
    ];
  }
  if (state === 'approved') return [t.approvedTitle, `<p>${escapeHtml(t.approvedBody)}</p>`];
  if (state === 'rejected') return [t.deniedTitle, `<p>${escapeHtml(t.deniedBody)}</p>`];
  return [t.expiredTitle, `<p>${escapeHtml(t.expiredBody)}</p>`];
}

function sendPushPage(reply: FastifyReply, tenant: Tenant, language: Language, state: PushPageState) {
  const [title, body] = pushPageBody(tenant, language, state);
  return reply
    .code(state === 'expired' ? 410 : 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(htmlPage(tenant, title, body, language));
}

/** `?lang=` when the store offers it, else the pending request's own language, else the asking browser's. */
const pushLanguage = (query: unknown, ctx: AuthnContext, pending?: { language?: unknown }) =>
  personLanguage({
    requested: offeredLanguage(query, ctx.tenant.config.ui.languages) ?? ctx.requestedLanguage,
    stored: pending?.language,
    store: ctx.tenant.config.ui,
  });

export const pushPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const preValidation = resolveAuthnContext(app);

  app.get(
    AUTHN_PATHS.pushApproval,
    { preValidation, schema: { ...pushPageSchema, summary: 'The push approval page' } },
    async (request, reply) => {
      const ctx = authnContextOf(request);
      const pending = await pushPending(ctx, request.params.token);
      const language = pushLanguage(request.query[LANGUAGE_QUERY_PARAM], ctx, pending);
      return sendPushPage(reply, ctx.tenant, language, pending ? 'question' : 'expired');
    },
  );
  app.post(
    AUTHN_PATHS.pushApproval,
    {
      preValidation,
      schema: { ...pushPageSchema, summary: 'Approve or deny a push', body: pushDecisionBody },
    },
    async (request, reply) => {
      const ctx = authnContextOf(request);
      const pending = await pushPending(ctx, request.params.token);
      const language = pushLanguage(request.query[LANGUAGE_QUERY_PARAM], ctx, pending);
      const decision = request.body?.decision === 'approve' ? 'approved' : 'rejected';
      const ok = await decidePush(ctx, request.params.token, decision);
      return sendPushPage(reply, ctx.tenant, language, ok ? decision : 'expired');
    },
  );

  const pageCssEtag = contentEtag(IDP_PAGE_CSS);
  app.get(
    IDP_PAGE_STYLESHEET_PATH,
    {
      schema: {
        tags: ['authn'],
        summary: 'The stylesheet of the identity provider’s own pages',
        response: {
          200: { description: 'The stylesheet.', content: { 'text/css': { schema: z.string() } } },
          304: {
            description: 'Not modified (If-None-Match names this version): no body.',
            content: { 'text/css': { schema: z.literal('') } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').header('etag', pageCssEtag);
      if (request.headers['if-none-match'] === pageCssEtag) return reply.code(304).send();
      return reply.type('text/css; charset=utf-8').send(IDP_PAGE_CSS);
    },
  );
};
