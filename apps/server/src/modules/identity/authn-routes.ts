import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as authn from './authn.ts';
import { authnContext, DEVICE_COOKIE, requireEmbeddedTenant } from './context.ts';
import { oktaErrors } from './okta-errors.ts';
import { escapeHtml, htmlPage } from './pages.ts';

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

  // A push link that was already answered, or has expired.
  const expiredPushPage = (tenant: Parameters<typeof htmlPage>[0]) =>
    htmlPage(
      tenant,
      'Sign-in request expired',
      '<p>This sign-in request was already answered or has expired.</p>',
    );

  // The push factor's e-mailed link: GET shows the question, the form POST decides (scanners only GET).
  app.get<{ Params: { token: string } }>('/api/v1/authn/push/:token', async (request, reply) => {
    const ctx = await ctxOf(request);
    const pending = await authn.pushPending(ctx, request.params.token);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    if (!pending) return reply.code(410).send(expiredPushPage(ctx.tenant));
    return reply.send(
      htmlPage(
        ctx.tenant,
        'Approve sign-in?',
        `<p>Someone is signing in to ${escapeHtml(ctx.tenant.config.tenantName)} with your account. Is it you?</p>
<form method="post"><button type="submit" name="decision" value="approve">Yes, it's me</button> <button type="submit" name="decision" value="deny">No, deny</button></form>`,
      ),
    );
  });
  app.post<{ Params: { token: string } }>('/api/v1/authn/push/:token', async (request, reply) => {
    const ctx = await ctxOf(request);
    const decision = bodyOf(request).decision === 'approve' ? 'approved' : 'rejected';
    const ok = await authn.decidePush(ctx, request.params.token, decision);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!ok) return reply.code(410).send(expiredPushPage(ctx.tenant));
    return reply.send(
      htmlPage(
        ctx.tenant,
        decision === 'approved' ? 'Sign-in approved' : 'Sign-in denied',
        decision === 'approved'
          ? '<p>You can close this tab and go back to the sign-in page.</p>'
          : '<p>The sign-in was denied. If it was not you, change your password.</p>',
      ),
    );
  });
}
