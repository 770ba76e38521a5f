import { SIGNIN_FROM_URI_PARAM } from '@trackwell/contracts';
import { consumeIdentityToken } from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthnResult } from './authn/authn-context.ts';
import { authenticate } from './authn/primary-authentication.ts';
import { authnContext, idpFor } from './context.ts';
import { htmlAnswer, oktaSchemaFrame } from './okta-answers.ts';
import { OktaApiError } from './okta-errors.ts';
import { escapeHtml, htmlPage } from './pages.ts';
import type { ProviderRegistry, TenantIdp } from './provider.ts';

/**
 * `/interaction/:uid`: where the provider sends an authorize request that has no session and no
 * sessionToken (Okta: "Authorize" without a session shows the sign-in page). A minimal, accessible password form that needs no script; a user who
 * needs more than a password (MFA, expired password, recovery) is sent to the tenant's sign-in page
 * (`login-page-url`) with `fromURI` = the original authorize request, which that page resumes through
 * `/login/sessionCookieRedirect` — what Okta does with a custom sign-in page.
 */

const interactionParams = z.object({
  uid: z.string().meta({ description: 'The pending authorize request (the provider names it).' }),
});
const schema = oktaSchemaFrame(
  'oauth2',
  { 400: htmlAnswer('The sign-in attempt expired or is unknown (start again), or a field is missing.') },
  { params: interactionParams },
);
const credentialsBody = z.looseObject({
  username: z.unknown().optional().meta({ type: 'string', description: 'The e-mail (login).' }),
  password: z.unknown().optional().meta({ type: 'string', description: 'The password.' }),
});

type Details = Awaited<ReturnType<TenantIdp['provider']['interactionDetails']>>;

function authorizeUrl(idp: TenantIdp, details: Details): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(details.params)) if (typeof v === 'string') params.set(k, v);
  return `${idp.issuer}/v1/authorize?${params}`;
}

function signInPageUrl(idp: TenantIdp, origin: string, details: Details) {
  const page = new URL(idp.tenant.config['login-page-url'], `${origin}/`);
  page.searchParams.set(SIGNIN_FROM_URI_PARAM, authorizeUrl(idp, details));
  return page.href;
}

function form(idp: TenantIdp, origin: string, details: Details, error?: string, username = '') {
  return htmlPage(
    idp.tenant,
    `Sign in to ${idp.tenant.config.tenantName}`,
    `${error ? `<p role="alert" id="signin-error">${escapeHtml(error)}</p>` : ''}
<form method="post" ${error ? 'aria-describedby="signin-error"' : ''}>
<p><label for="username">E-mail</label><br><input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(username)}"></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit" class="tw-idp__primary">Sign in</button></p>
</form>
<p><a href="${escapeHtml(signInPageUrl(idp, origin, details))}">Other ways to sign in, or forgot your password?</a></p>`,
  );
}

/** The pending authorize request this uid names, if it is still pending (else details is undefined). */
async function loadInteraction(
  app: FastifyInstance,
  registry: ProviderRegistry,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
) {
  const idp = await idpFor(app, registry, request);
  try {
    const details = await idp.provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) return { idp, details: undefined };
    return { idp, details };
  } catch {
    return { idp, details: undefined };
  }
}

const expired = (reply: FastifyReply, idp: TenantIdp) =>
  reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      htmlPage(
        idp.tenant,
        'Sign-in expired',
        `<p>This sign-in attempt has expired. <a href="${escapeHtml(idp.origin)}/">Start again</a>.</p>`,
      ),
    );

/** The form again, with the error: too many attempts, or wrong e-mail or password. */
function refusedSignIn(
  reply: FastifyReply,
  idp: TenantIdp,
  details: Details,
  error: OktaApiError,
  username: unknown,
) {
  const message =
    error.errorCode === 'E0000047'
      ? 'Too many attempts. Wait a minute and try again.'
      : 'Wrong e-mail or password.';
  return reply
    .code(error.statusCode)
    .type('text/html; charset=utf-8')
    .send(form(idp, idp.origin, details, message, typeof username === 'string' ? username : ''));
}

/** Signs the user in: the one-time session token becomes the provider's login, which resumes authorize. */
async function finishSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  idp: TenantIdp,
  sessionToken: string,
) {
  const token = await consumeIdentityToken<{ amr?: string[] }>(
    app.db,
    idp.tenant.id,
    'session',
    sessionToken,
  );
  if (!token?.userId) return expired(reply, idp);
  reply.hijack();
  await idp.provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId: token.userId, amr: token.data.amr ?? ['pwd'] } },
    { mergeWithLastSubmission: false },
  );
}

export async function registerInteractionRoutes(
  app: FastifyInstance,
  registry: ProviderRegistry,
): Promise<void> {
  app.get<{ Params: { uid: string } }>(
    '/interaction/:uid',
    {
      schema: schema('The fallback sign-in form of an authorize request without a session', {
        response: { 200: htmlAnswer('The password form, with a link to the store’s full sign-in page.') },
      }),
    },
    async (request, reply) => {
      const { idp, details } = await loadInteraction(app, registry, request, reply);
      if (!details) return expired(reply, idp);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return reply.send(form(idp, idp.origin, details));
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/interaction/:uid',
    {
      // A body of another shape is read as empty: "Wrong e-mail or password", as for a wrong password.
      attachValidation: true,
      schema: schema('Sign in with the fallback form', {
        body: credentialsBody,
        response: {
          303: htmlAnswer(
            'Signed in: back to the authorize request; or, when more than a password is needed, ' +
              'on to the store’s sign-in page (Location).',
          ),
          401: htmlAnswer('Wrong e-mail or password: the form again, with the error.'),
          429: htmlAnswer('Too many attempts: the form again, with the error.'),
        },
      }),
    },
    async (request, reply) => {
      const { idp, details } = await loadInteraction(app, registry, request, reply);
      if (!details) return expired(reply, idp);
      const body = ((request.validationError ? undefined : request.body) ?? {}) as Record<string, unknown>;
      let result: AuthnResult;
      try {
        const ctx = authnContext(app, request, idp.tenant);
        result = await authenticate(ctx, { username: body.username, password: body.password });
      } catch (error) {
        if (!(error instanceof OktaApiError)) throw error;
        return refusedSignIn(reply, idp, details, error, body.username);
      }
      // MFA, an expired password, a lockout…: the full sign-in page handles those, then resumes fromURI.
      if (result.body.status !== 'SUCCESS')
        return reply.redirect(signInPageUrl(idp, idp.origin, details), 303);
      return finishSignIn(app, request, reply, idp, String(result.body.sessionToken));
    },
  );
}
