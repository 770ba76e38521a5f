import {
  type AccessTokenClaims,
  isOneTimeCode,
  type MyAccountScope,
  offeredLanguage,
  passwordProblem,
  profileLocaleProblem,
} from '@trackwell/contracts';
import {
  addIdentityEmail,
  addIdentityPhone,
  consumeIdentityToken,
  createIdentityToken,
  deleteIdentityEmail,
  deleteIdentityPhone,
  findIdentityEmail,
  findIdentityPhone,
  findIdentityToken,
  findIdentityUserById,
  hashPassword,
  hitRateLimit,
  type IdentityEmail,
  type IdentityPhone,
  type IdentityUser,
  listIdentityEmails,
  listIdentityPhones,
  listProfileAttributes,
  newIdentityId,
  type ProfileAttribute,
  setPasswordHash,
  updateIdentityProfile,
  updateIdentityTokenData,
  verifyIdentityEmail,
  verifyIdentityPhone,
  verifyPassword,
} from '@trackwell/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idpFor } from './context.ts';
import { OktaApiError, oktaErrors } from './okta-errors.ts';
import { newOneTimeCode } from './one-time-code.ts';
import type { ProviderRegistry, TenantIdp } from './provider.ts';
import { InvalidAccessToken, verifyAccessToken, wwwAuthenticate } from './tokens.ts';

/**
 * The MyAccount API (/idp/myaccount/*, okta-compat.md §3.4) for the bearer's own account: profile and its
 * schema, e-mails, phones, password. Every answer carries `_links` (the SDK dereferences them unguarded);
 * a DELETE is 204 with no content type; e-mail verify is `{}`. Each route names the scope it needs; a
 * password change needs a recent sign-in (step-up: 403 + WWW-Authenticate insufficient_authentication_context).
 */

const OKTA_VERSION = '1.0.0';
const CONTENT_TYPE = `application/json; okta-version=${OKTA_VERSION}`;
const CODE_TTL_SECONDS = 5 * 60;

interface Caller {
  idp: TenantIdp;
  user: IdentityUser;
  claims: AccessTokenClaims;
  base: string;
}

/** The built-in profile attributes; tenants add their own (identity_profile_attributes). */
const BUILT_IN_ATTRIBUTES: ProfileAttribute[] = [
  { name: 'login', title: 'Username', permission: 'READ_ONLY', maxLength: 100 },
  { name: 'email', title: 'Primary email', permission: 'READ_ONLY', maxLength: 100 },
  { name: 'firstName', title: 'First name', permission: 'READ_WRITE', maxLength: 50 },
  { name: 'lastName', title: 'Last name', permission: 'READ_WRITE', maxLength: 50 },
  { name: 'locale', title: 'Locale', permission: 'READ_WRITE', maxLength: 10 },
];

/** Profile values are single-line text: no control characters (they would break e-mails and logs). */
const hasControlCharacters = (value: string) => [...value].some((ch) => (ch.codePointAt(0) ?? 0) < 0x20);

export async function registerMyAccountRoutes(
  app: FastifyInstance,
  registry: ProviderRegistry,
): Promise<void> {
  /** Accept must allow JSON and, when it names an okta-version, name 1.0.0 (the SDK sends `*\/*;okta-version=1.0.0`). */
  function checkAccept(request: FastifyRequest) {
    const accept = request.headers.accept ?? '*/*';
    const version = /okta-version=([\w.]+)/i.exec(accept)?.[1];
    if (version && version !== OKTA_VERSION)
      throw new OktaApiError(406, 'E0000001', 'Api validation failed', [
        `okta-version ${version} is not supported; use ${OKTA_VERSION}`,
      ]);
    if (!/(\*\/\*|application\/\*|application\/json)/i.test(accept))
      throw new OktaApiError(406, 'E0000001', 'Api validation failed', [
        'Accept must allow application/json',
      ]);
  }

  /**
   * Authentication, in onRequest on every MyAccount route (issue 11 §3): the bearer token of this tenant's
   * issuer and its user, before the body is parsed and validated, so an anonymous caller gets 401 whatever it
   * sends. `caller` then checks the route's scopes and step-up.
   */
  const authenticated = new WeakMap<FastifyRequest, Omit<Caller, 'base'>>();
  async function authenticateCaller(request: FastifyRequest) {
    const idp = await idpFor(app, registry, request);
    let claims: AccessTokenClaims;
    try {
      claims = await verifyAccessToken(idp, app.revocations, request.headers.authorization);
    } catch (error) {
      if (!(error instanceof InvalidAccessToken)) throw error;
      throw new OktaApiError(401, 'E0000011', 'Invalid token provided', [], {
        'www-authenticate': wwwAuthenticate(error),
      });
    }
    const user = await findIdentityUserById(app.db, idp.tenant.id, claims.uid);
    if (!user) throw oktaErrors.invalidToken();
    checkAccept(request);
    authenticated.set(request, { idp, user, claims });
  }
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/idp/myaccount/'))
      route.onRequest = [...[route.onRequest ?? []].flat(), authenticateCaller];
  });

  async function caller(
    request: FastifyRequest,
    scopes: MyAccountScope[],
    { stepUp = false } = {},
  ): Promise<Caller> {
    const signedIn = authenticated.get(request);
    if (!signedIn) throw oktaErrors.invalidToken();
    const { idp, user, claims } = signedIn;
    if (!scopes.some((s) => claims.scp.includes(s))) {
      throw new OktaApiError(
        403,
        'E0000006',
        'You do not have permission to perform the requested action',
        [],
        {
          'www-authenticate': `Bearer realm="IdP", error="insufficient_scope", error_description="The access token provided does not contain the required scopes.", scope="${scopes[0]}"`,
        },
      );
    }
    if (stepUp) {
      const maxAge = app.env.IDP_STEP_UP_MAX_AGE_SECONDS;
      const authTime = claims.auth_time ?? 0;
      if (Date.now() / 1000 - authTime > maxAge) {
        throw new OktaApiError(
          403,
          'E0000006',
          'You do not have permission to perform the requested action',
          [],
          {
            'www-authenticate': `Bearer realm="IdP", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource", max_age=${maxAge}, acr_values="urn:okta:loa:1fa:pwd"`,
          },
        );
      }
    }
    return { idp, user, claims, base: `${idp.origin}/idp/myaccount` };
  }

  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('content-type', CONTENT_TYPE)
      .send(Buffer.from(JSON.stringify(body)));
  const noContent = (reply: FastifyReply) =>
    reply.code(204).header('cache-control', 'no-store').removeHeader('content-type').send();
  const bodyOf = (request: FastifyRequest) => {
    const b = request.body;
    if (b === undefined || b === null) return {} as Record<string, unknown>;
    if (typeof b !== 'object' || Array.isArray(b)) throw oktaErrors.malformedBody();
    return b as Record<string, unknown>;
  };
  const rateLimit = async (c: Caller, what: string, limit = 10) => {
    if ((await hitRateLimit(app.db, c.idp.tenant.id, `myaccount:${what}:${c.user.id}`, 60)) > limit)
      throw oktaErrors.rateLimited();
  };

  // ---- profile ------------------------------------------------------------------------------------------

  const attributesOf = async (c: Caller) => [
    ...BUILT_IN_ATTRIBUTES,
    ...(await listProfileAttributes(app.db, c.idp.tenant.id)),
  ];

  const profileOf = async (c: Caller) => {
    const user = (await findIdentityUserById(app.db, c.idp.tenant.id, c.user.id)) as IdentityUser;
    const extra = Object.fromEntries(
      (await listProfileAttributes(app.db, c.idp.tenant.id)).map((a) => [
        a.name,
        user.profileExtra[a.name] ?? null,
      ]),
    );
    return {
      createdAt: user.createdAt.toISOString(),
      modifiedAt: user.updatedAt.toISOString(),
      profile: {
        login: user.login,
        email: user.login,
        firstName: user.firstName,
        lastName: user.lastName,
        // issue 12 §3: a language the store offers; old free text (or a language no longer offered) is unset.
        locale: offeredLanguage(user.locale, c.idp.tenant.config.ui.languages) ?? null,
        ...extra,
      },
      _links: { self: { href: `${c.base}/profile` }, describedBy: { href: `${c.base}/profile/schema` } },
    };
  };

  app.get('/idp/myaccount/profile', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.profile.read', 'okta.myAccount.profile.manage']);
    return send(reply, 200, await profileOf(c));
  });

  app.put('/idp/myaccount/profile', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.profile.manage']);
    const input = bodyOf(request).profile;
    if (!input || typeof input !== 'object' || Array.isArray(input))
      throw oktaErrors.validation('profile: The field is required');
    const attrs = await attributesOf(c);
    const current = (await profileOf(c)).profile as Record<string, unknown>;
    const next: Record<string, unknown> = { ...current };
    const causes: string[] = [];
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const attr = attrs.find((a) => a.name === key);
      if (!attr) {
        causes.push(`${key}: Property name '${key}' is not defined in the profile schema`);
        continue;
      }
      if (attr.permission === 'READ_ONLY') {
        if (value !== current[key]) causes.push(`${key}: The property is read-only`);
        continue;
      }
      if (key === 'locale') {
        // issue 12 §3: one of the store's languages (or null), never free text.
        const problem = profileLocaleProblem(value, c.idp.tenant.config.ui.languages);
        if (problem) causes.push(problem);
        else next[key] = value;
        continue;
      }
      if (
        value !== null &&
        (typeof value !== 'string' || value.length > attr.maxLength || hasControlCharacters(value))
      )
        causes.push(`${key}: must be text of at most ${attr.maxLength} characters`);
      else next[key] = value;
    }
    for (const required of ['firstName', 'lastName'])
      if (typeof next[required] !== 'string' || !(next[required] as string).trim())
        causes.push(`${required}: The field cannot be left blank`);
    if (causes.length) throw new OktaApiError(400, 'E0000001', 'Api validation failed: profile', causes);
    const extraNames = attrs.filter((a) => !BUILT_IN_ATTRIBUTES.includes(a)).map((a) => a.name);
    await updateIdentityProfile(app.db, c.idp.tenant.id, c.user.id, {
      firstName: (next.firstName as string).trim(),
      lastName: (next.lastName as string).trim(),
      locale: (next.locale as string | null) ?? null,
      profileExtra: Object.fromEntries(extraNames.map((n) => [n, next[n] ?? null])),
    });
    return send(reply, 200, await profileOf(c));
  });

  app.get('/idp/myaccount/profile/schema', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.profile.read', 'okta.myAccount.profile.manage']);
    const properties = Object.fromEntries(
      (await attributesOf(c)).map((a) => [
        a.name,
        {
          title: a.title,
          type: 'string',
          maxLength: a.maxLength,
          permissions: [{ principal: 'SELF', action: a.permission }],
          ...(a.name === 'email' ? { format: 'email' } : {}),
          // issue 12 §3: the locale is a choice of the store's languages (Okta schemas list choices in `enum`).
          ...(a.name === 'locale' ? { enum: [...c.idp.tenant.config.ui.languages] } : {}),
        },
      ]),
    );
    return send(reply, 200, {
      properties,
      _links: { self: { href: `${c.base}/profile/schema` }, user: { href: `${c.base}/profile` } },
    });
  });

  // ---- e-mails ------------------------------------------------------------------------------------------

  const presentEmail = (c: Caller, e: IdentityEmail) => {
    const self = `${c.base}/emails/${e.id}`;
    return {
      id: e.id,
      status: e.status,
      roles: [e.role],
      profile: { email: e.email },
      _links: {
        self: { href: self, hints: { allow: e.role === 'PRIMARY' ? ['GET'] : ['GET', 'DELETE'] } },
        ...(e.status === 'UNVERIFIED' || e.role === 'PRIMARY'
          ? { challenge: { href: `${self}/challenge`, hints: { allow: ['POST'] } } }
          : {}),
      },
    };
  };
  const emailOr404 = async (c: Caller, id: string) => {
    const e = await findIdentityEmail(app.db, c.idp.tenant.id, c.user.id, id);
    if (!e) throw oktaErrors.notFound(`${id} (Email)`);
    return e;
  };

  app.get('/idp/myaccount/emails', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.email.read', 'okta.myAccount.email.manage']);
    return send(
      reply,
      200,
      (await listIdentityEmails(app.db, c.idp.tenant.id, c.user.id)).map((e) => presentEmail(c, e)),
    );
  });
  app.get<{ Params: { id: string } }>('/idp/myaccount/emails/:id', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.email.read', 'okta.myAccount.email.manage']);
    return send(reply, 200, presentEmail(c, await emailOr404(c, request.params.id)));
  });
  app.post('/idp/myaccount/emails', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.email.manage']);
    const body = bodyOf(request);
    const email = (body.profile as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw oktaErrors.validation('profile.email: Does not match required pattern');
    const role = body.role === 'PRIMARY' ? 'PRIMARY' : 'SECONDARY';
    await rateLimit(c, 'email-add');
    const existing = (await listIdentityEmails(app.db, c.idp.tenant.id, c.user.id)).find(
      (e) => e.email === email.toLowerCase(),
    );
    if (existing)
      throw new OktaApiError(400, 'E0000001', 'Api validation failed', [
        'profile.email: An email with this value already exists',
      ]);
    const added = await addIdentityEmail(app.db, c.idp.tenant.id, c.user.id, email, role);
    if (body.sendEmail !== false) await startEmailChallenge(c, added);
    return send(reply, 201, presentEmail(c, added));
  });
  app.delete<{ Params: { id: string } }>('/idp/myaccount/emails/:id', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.email.manage']);
    const e = await emailOr404(c, request.params.id);
    if (e.role === 'PRIMARY')
      throw new OktaApiError(400, 'E0000001', 'Api validation failed', [
        'The primary email cannot be deleted',
      ]);
    await deleteIdentityEmail(app.db, c.idp.tenant.id, c.user.id, e.id);
    return noContent(reply);
  });

  interface ChallengeData {
    emailId: string;
    userId: string;
    status: 'UNVERIFIED' | 'VERIFIED';
  }

  async function startEmailChallenge(c: Caller, e: IdentityEmail) {
    const challengeId = newIdentityId('chl');
    const code = newOneTimeCode();
    const { expiresAt } = await createIdentityToken(app.db, c.idp.tenant.id, {
      kind: 'email_challenge',
      userId: c.user.id,
      token: challengeId,
      data: { emailId: e.id, userId: c.user.id, status: 'UNVERIFIED' } satisfies ChallengeData,
      ttlSeconds: CODE_TTL_SECONDS,
    });
    await createIdentityToken(app.db, c.idp.tenant.id, {
      kind: 'otp',
      userId: c.user.id,
      token: `${challengeId}:${code}`,
      ttlSeconds: CODE_TTL_SECONDS,
    });
    const name = c.idp.tenant.config.tenantName;
    await app.mailer.send({
      to: e.email,
      subject: `${name}: verify your e-mail address (code ${code})`,
      text: `Hello ${c.user.firstName},\n\nYour ${name} verification code is: ${code}\n\nIt expires in 5 minutes.\n`,
    });
    return { challengeId, expiresAt };
  }

  const presentChallenge = (
    c: Caller,
    e: IdentityEmail,
    challengeId: string,
    expiresAt: Date,
    status: string,
  ) => {
    const href = `${c.base}/emails/${e.id}/challenge/${challengeId}`;
    return {
      id: challengeId,
      status,
      expiresAt: expiresAt.toISOString(),
      profile: { email: e.email },
      _links: {
        verify: { href: `${href}/verify`, hints: { allow: ['POST'] } },
        poll: { href, hints: { allow: ['GET'] } },
      },
    };
  };

  app.post<{ Params: { id: string } }>('/idp/myaccount/emails/:id/challenge', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.email.manage', 'okta.myAccount.email.read']);
    const e = await emailOr404(c, request.params.id);
    await rateLimit(c, 'email-challenge', 5);
    const { challengeId, expiresAt } = await startEmailChallenge(c, e);
    return send(reply, 201, presentChallenge(c, e, challengeId, expiresAt, 'UNVERIFIED'));
  });

  const loadChallenge = async (c: Caller, emailId: string, challengeId: string) => {
    const e = await emailOr404(c, emailId);
    const ch = await findIdentityToken<ChallengeData>(
      app.db,
      c.idp.tenant.id,
      'email_challenge',
      challengeId,
    );
    if (!ch || ch.data.emailId !== e.id || ch.userId !== c.user.id)
      throw oktaErrors.notFound(`${challengeId} (Challenge)`);
    return { e, ch };
  };
  const getChallenge = async (
    request: FastifyRequest<{ Params: { id: string; cid: string } }>,
    reply: FastifyReply,
  ) => {
    const c = await caller(request, ['okta.myAccount.email.read', 'okta.myAccount.email.manage']);
    const { e, ch } = await loadChallenge(c, request.params.id, request.params.cid);
    return send(reply, 200, presentChallenge(c, e, request.params.cid, ch.expiresAt, ch.data.status));
  };
  app.get<{ Params: { id: string; cid: string } }>('/idp/myaccount/emails/:id/challenge/:cid', getChallenge);
  app.post<{ Params: { id: string; cid: string } }>('/idp/myaccount/emails/:id/challenge/:cid', getChallenge);

  app.post<{ Params: { id: string; cid: string } }>(
    '/idp/myaccount/emails/:id/challenge/:cid/verify',
    async (request, reply) => {
      const c = await caller(request, ['okta.myAccount.email.manage']);
      const { e, ch } = await loadChallenge(c, request.params.id, request.params.cid);
      await rateLimit(c, 'email-verify');
      const code = bodyOf(request).verificationCode;
      const ok =
        isOneTimeCode(code) &&
        (await consumeIdentityToken(app.db, c.idp.tenant.id, 'otp', `${request.params.cid}:${code}`));
      if (!ok) throw oktaErrors.invalidPasscode();
      await verifyIdentityEmail(app.db, c.idp.tenant.id, c.user.id, e.id);
      await updateIdentityTokenData(app.db, c.idp.tenant.id, 'email_challenge', request.params.cid, {
        ...ch.data,
        status: 'VERIFIED',
      });
      return send(reply, 200, {}); // okta-compat §6.8: `{}`, never an empty JSON body
    },
  );

  // ---- phones -------------------------------------------------------------------------------------------

  const presentPhone = (c: Caller, p: IdentityPhone) => {
    const self = `${c.base}/phones/${p.id}`;
    return {
      id: p.id,
      status: p.status,
      profile: { phoneNumber: p.phoneNumber },
      _links: {
        self: { href: self, hints: { allow: ['GET', 'DELETE'] } },
        challenge: { href: `${self}/challenge`, hints: { allow: ['POST'] } },
        ...(p.status === 'UNVERIFIED'
          ? { verify: { href: `${self}/verify`, hints: { allow: ['POST'] } } }
          : {}),
      },
    };
  };
  const phoneOr404 = async (c: Caller, id: string) => {
    const p = await findIdentityPhone(app.db, c.idp.tenant.id, c.user.id, id);
    if (!p) throw oktaErrors.notFound(`${id} (Phone)`);
    return p;
  };

  /** "SMS" goes to the mail sink as an e-mail to <digits>@sms.invalid (a real SMS gateway can replace it). */
  async function sendPhoneCode(c: Caller, p: IdentityPhone, method: 'SMS' | 'CALL') {
    const code = newOneTimeCode();
    await createIdentityToken(app.db, c.idp.tenant.id, {
      kind: 'otp',
      userId: c.user.id,
      token: `phone:${p.id}:${code}`,
      ttlSeconds: CODE_TTL_SECONDS,
    });
    await app.mailer.send({
      to: `${p.phoneNumber.replace(/\D/g, '')}@sms.invalid`,
      subject: `${method} to ${p.phoneNumber}`,
      text: `${c.idp.tenant.config.tenantName} verification code: ${code}`,
    });
  }

  app.get('/idp/myaccount/phones', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.read', 'okta.myAccount.phone.manage']);
    return send(
      reply,
      200,
      (await listIdentityPhones(app.db, c.idp.tenant.id, c.user.id)).map((p) => presentPhone(c, p)),
    );
  });
  app.get<{ Params: { id: string } }>('/idp/myaccount/phones/:id', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.read', 'okta.myAccount.phone.manage']);
    return send(reply, 200, presentPhone(c, await phoneOr404(c, request.params.id)));
  });
  app.post('/idp/myaccount/phones', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.manage']);
    const body = bodyOf(request);
    const raw = (body.profile as { phoneNumber?: unknown } | undefined)?.phoneNumber;
    if (typeof raw !== 'string' || !/^\+?[0-9 ()-]{6,24}$/.test(raw) || (raw.match(/\d/g) ?? []).length < 6)
      throw oktaErrors.validation('profile.phoneNumber: Does not match required pattern');
    const method = body.method === 'CALL' ? 'CALL' : 'SMS';
    await rateLimit(c, 'phone-add');
    const phoneNumber = `${raw.trim().startsWith('+') ? '+' : ''}${raw.replace(/\D/g, '')}`;
    const added = await addIdentityPhone(app.db, c.idp.tenant.id, c.user.id, phoneNumber);
    if (body.sendCode !== false) await sendPhoneCode(c, added, method);
    return send(reply, 201, presentPhone(c, added));
  });
  app.delete<{ Params: { id: string } }>('/idp/myaccount/phones/:id', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.manage']);
    const p = await phoneOr404(c, request.params.id);
    await deleteIdentityPhone(app.db, c.idp.tenant.id, c.user.id, p.id);
    return noContent(reply);
  });
  app.post<{ Params: { id: string } }>('/idp/myaccount/phones/:id/challenge', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.manage']);
    const p = await phoneOr404(c, request.params.id);
    await rateLimit(c, 'phone-challenge', 5);
    await sendPhoneCode(c, p, bodyOf(request).method === 'CALL' ? 'CALL' : 'SMS');
    return send(reply, 200, {
      _links: { verify: { href: `${c.base}/phones/${p.id}/verify`, hints: { allow: ['POST'] } } },
    });
  });
  app.post<{ Params: { id: string } }>('/idp/myaccount/phones/:id/verify', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.phone.manage']);
    const p = await phoneOr404(c, request.params.id);
    await rateLimit(c, 'phone-verify');
    const code = bodyOf(request).verificationCode;
    const ok =
      isOneTimeCode(code) &&
      (await consumeIdentityToken(app.db, c.idp.tenant.id, 'otp', `phone:${p.id}:${code}`));
    if (!ok) throw oktaErrors.invalidPasscode();
    await verifyIdentityPhone(app.db, c.idp.tenant.id, c.user.id, p.id);
    return noContent(reply);
  });

  // ---- password -----------------------------------------------------------------------------------------

  /**
   * Issue 11 §4: a password change revokes the user's access tokens issued before the one that made it (a
   * thief's copy of an older token dies); that token, a sign-in of the last IDP_STEP_UP_MAX_AGE_SECONDS, stays
   * valid so the account page goes on working, as Okta keeps the current session when it revokes the others.
   */
  const revokeOtherTokens = (c: Caller) =>
    app.revocations.revokeUserTokens(
      c.idp.tenant.id,
      c.user.id,
      'password-change',
      new Date(c.claims.iat * 1000),
    );

  const presentPassword = (c: Caller, user: IdentityUser) => {
    const href = `${c.base}/password`;
    const id = `pwd${user.id.replaceAll('-', '').slice(0, 17)}`;
    return user.passwordHash
      ? {
          id,
          status: 'ACTIVE',
          created: (user.passwordChangedAt ?? user.createdAt).toISOString(),
          lastUpdated: (user.passwordChangedAt ?? user.updatedAt).toISOString(),
          _links: { self: { href, hints: { allow: ['GET', 'PUT', 'DELETE'] } } },
        }
      : {
          id,
          status: 'NOT_ENROLLED',
          _links: { self: { href, hints: { allow: ['GET'] } }, enroll: { href, hints: { allow: ['POST'] } } },
        };
  };
  const reload = async (c: Caller) =>
    (await findIdentityUserById(app.db, c.idp.tenant.id, c.user.id)) as IdentityUser;
  const newPasswordOf = (c: Caller, request: FastifyRequest) => {
    const profile = bodyOf(request).profile as { password?: unknown; currentPassword?: unknown } | undefined;
    const problem = passwordProblem(profile?.password, c.user.login);
    if (problem) throw oktaErrors.passwordRequirements(problem);
    return { password: profile?.password as string, currentPassword: profile?.currentPassword };
  };

  app.get('/idp/myaccount/password', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.password.read', 'okta.myAccount.password.manage']);
    return send(reply, 200, presentPassword(c, c.user));
  });
  app.post('/idp/myaccount/password', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.password.manage'], { stepUp: true });
    if (c.user.passwordHash)
      throw new OktaApiError(400, 'E0000001', 'Api validation failed', [
        'A password is already enrolled; use PUT to change it',
      ]);
    const { password } = newPasswordOf(c, request);
    await setPasswordHash(app.db, c.idp.tenant.id, c.user.id, await hashPassword(password));
    await revokeOtherTokens(c);
    return send(reply, 201, presentPassword(c, await reload(c)));
  });
  app.put('/idp/myaccount/password', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.password.manage'], { stepUp: true });
    if (!c.user.passwordHash) throw oktaErrors.notFound('password (Password)');
    await rateLimit(c, 'password');
    const { password, currentPassword } = newPasswordOf(c, request);
    if (typeof currentPassword !== 'string' || !(await verifyPassword(currentPassword, c.user.passwordHash)))
      throw oktaErrors.oldPasswordWrong();
    await setPasswordHash(app.db, c.idp.tenant.id, c.user.id, await hashPassword(password));
    await revokeOtherTokens(c);
    return send(reply, 201, presentPassword(c, await reload(c)));
  });
  app.delete('/idp/myaccount/password', async (request, reply) => {
    const c = await caller(request, ['okta.myAccount.password.manage'], { stepUp: true });
    if (!c.user.passwordHash) throw oktaErrors.notFound('password (Password)');
    await setPasswordHash(app.db, c.idp.tenant.id, c.user.id, null);
    await revokeOtherTokens(c);
    return noContent(reply);
  });
}
