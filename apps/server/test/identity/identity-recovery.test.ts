import { hashPassword, type IdentityUser, normaliseRecoveryAnswer, setRecoveryQuestion } from '@trackwell/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { authnClient, type IdpHarness, PASSWORD, useIdpWithCookieJar } from '../support/identity-harness.ts';

/**
 * The authn state RECOVERY (Okta's recovery question), over HTTP and through the unchanged okta-auth-js 8:
 * forgotPassword / unlockAccount → the e-mailed link (read from the mail sink's `/_dev/mail/messages`) →
 * verifyRecoveryToken → RECOVERY with `_embedded.user.recovery_question.question` and an `answer` link →
 * answer → PASSWORD_RESET (then resetPassword) or UNLOCKED. A wrong answer is Okta's 403 E0000087 and leaves
 * the transaction usable; wrong answers count towards the lockout. Users without a question skip RECOVERY.
 */

const QUESTION = 'What was the name of your first pet?';
const ANSWER = 'Biscuit';
const NEW_PASSWORD = 'Fresh-start-42';

const idp = useIdpWithCookieJar();
const { realFetch } = idp;
let h: IdpHarness;
beforeAll(() => {
  h = idp.harness();
});

const sdk = () => authnClient(h);

/** The parts of an authn transaction these tests read and call (okta-auth-js builds the functions from `_links`). */
interface Tx {
  status: string;
  stateToken?: string;
  recoveryType?: string;
  sessionToken?: string;
  user?: { id: string; profile: { login: string }; recovery_question?: { question: string } };
  answer: (opts: { answer: string }) => Promise<Tx>;
  resetPassword: (opts: { newPassword: string }) => Promise<Tx>;
  cancel: () => Promise<unknown>;
}
const asTx = (value: unknown) => value as Tx;
const jsonOf = async (res: Response) => (await res.json()) as Record<string, unknown>;

const post = (path: string, body: unknown) =>
  realFetch(`${h.origin()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

async function userWithQuestion(input: { status?: 'ACTIVE' | 'LOCKED_OUT' } = {}): Promise<IdentityUser> {
  const user = await h.createUser(input);
  await setRecoveryQuestion(h.t.app.db, h.tenantId(), user.id, {
    question: QUESTION,
    answerHash: await hashPassword(normaliseRecoveryAnswer(ANSWER)),
  });
  return user;
}

const seenTokens = new Set<string>();

/** Reads the newest not-yet-used e-mailed recovery link from the mail sink's inbox API; returns its token. */
async function tokenFromInbox(login: string, kind: 'reset-password' | 'unlock'): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const url = `${h.origin()}/_dev/mail/messages?to=${encodeURIComponent(login)}&q=${encodeURIComponent(`/signin/${kind}/`)}`;
    const { messages } = (await (await realFetch(url)).json()) as { messages: { text: string }[] };
    for (const m of messages) {
      const token = new RegExp(`${h.origin()}/signin/${kind}/([^\\s?]+)`).exec(m.text)?.[1]; // the link ends in ?lang=
      if (token && !seenTokens.has(token)) {
        seenTokens.add(token);
        return token;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${kind} mail to ${login}`);
}

async function recoveryState(login: string) {
  expect(
    (await post('/api/v1/authn/recovery/password', { username: login, factorType: 'EMAIL' })).status,
  ).toBe(200);
  const res = await post('/api/v1/authn/recovery/token', {
    recoveryToken: await tokenFromInbox(login, 'reset-password'),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown> & { stateToken: string; status: string };
}

describe('okta-auth-js 8: forgotPassword with a recovery question', () => {
  it('forgotPassword → mail link → verifyRecoveryToken → RECOVERY → answer → PASSWORD_RESET → resetPassword → sign in', async () => {
    const user = await userWithQuestion();
    const auth = sdk();
    const challenge = asTx(await auth.forgotPassword({ username: user.login, factorType: 'EMAIL' }));
    expect(challenge.status).toBe('RECOVERY_CHALLENGE');
    const recoveryToken = await tokenFromInbox(user.login, 'reset-password');

    const tx = asTx(await auth.verifyRecoveryToken({ recoveryToken }));
    expect(tx.status).toBe('RECOVERY');
    expect(tx.recoveryType).toBe('PASSWORD');
    expect(tx.user?.recovery_question?.question).toBe(QUESTION);
    expect(typeof tx.answer).toBe('function');

    // Wrong answer: Okta's error, and the same transaction can still be answered.
    const wrong = await tx.answer({ answer: 'Rex' }).catch((e) => e);
    expect(wrong.name).toBe('AuthApiError');
    expect(wrong.errorCode).toBe('E0000087');
    expect(wrong.errorSummary).toBe('The recovery question answer did not match our records.');
    expect(wrong.xhr?.status).toBe(403);

    // Case-insensitive, trimmed comparison (like Okta).
    const reset = asTx(await tx.answer({ answer: `  ${ANSWER.toUpperCase()} ` }));
    expect(reset.status).toBe('PASSWORD_RESET');
    const done = asTx(await reset.resetPassword({ newPassword: NEW_PASSWORD }));
    expect(done.status).toBe('SUCCESS');
    expect(done.sessionToken).toBeTruthy();

    const signIn = asTx(await sdk().signInWithCredentials({ username: user.login, password: NEW_PASSWORD }));
    expect(signIn.status).toBe('SUCCESS');
    const old = await sdk()
      .signInWithCredentials({ username: user.login, password: PASSWORD })
      .catch((e) => e);
    expect(old.errorCode).toBe('E0000004');
    // The recovery token was single-use.
    const replay = await auth.verifyRecoveryToken({ recoveryToken }).catch((e) => e);
    expect(replay.errorCode).toBe('E0000011');
  });

  it('unlockAccount with a recovery question: RECOVERY (UNLOCK) → answer → UNLOCKED → sign in', async () => {
    const user = await userWithQuestion({ status: 'LOCKED_OUT' });
    const auth = sdk();
    expect((await auth.signInWithCredentials({ username: user.login, password: PASSWORD })).status).toBe(
      'LOCKED_OUT',
    );
    const challenge = asTx(await auth.unlockAccount({ username: user.login, factorType: 'EMAIL' }));
    expect(challenge.status).toBe('RECOVERY_CHALLENGE');
    const tx = asTx(
      await auth.verifyRecoveryToken({ recoveryToken: await tokenFromInbox(user.login, 'unlock') }),
    );
    expect(tx.status).toBe('RECOVERY');
    expect(tx.recoveryType).toBe('UNLOCK');
    expect(tx.user?.recovery_question?.question).toBe(QUESTION);

    const wrong = await tx.answer({ answer: 'Rex' }).catch((e) => e);
    expect(wrong.errorCode).toBe('E0000087');
    // Still locked until the right answer.
    expect((await auth.signInWithCredentials({ username: user.login, password: PASSWORD })).status).toBe(
      'LOCKED_OUT',
    );
    const unlocked = asTx(await tx.answer({ answer: ANSWER.toLowerCase() }));
    expect(unlocked.status).toBe('UNLOCKED');
    expect(unlocked.recoveryType).toBe('UNLOCK');
    expect((await auth.signInWithCredentials({ username: user.login, password: PASSWORD })).status).toBe(
      'SUCCESS',
    );
  });

  it('a user without a recovery question still goes straight to PASSWORD_RESET / UNLOCKED', async () => {
    const user = await h.createUser();
    const auth = sdk();
    await auth.forgotPassword({ username: user.login, factorType: 'EMAIL' });
    const tx = asTx(
      await auth.verifyRecoveryToken({ recoveryToken: await tokenFromInbox(user.login, 'reset-password') }),
    );
    expect(tx.status).toBe('PASSWORD_RESET');

    const locked = await h.createUser({ status: 'LOCKED_OUT' });
    await auth.unlockAccount({ username: locked.login, factorType: 'EMAIL' });
    const unlocked = await auth.verifyRecoveryToken({
      recoveryToken: await tokenFromInbox(locked.login, 'unlock'),
    });
    expect(unlocked.status).toBe('UNLOCKED');
  });
});

describe('POST /api/v1/authn/recovery/answer over HTTP', () => {
  it("serves Okta's RECOVERY shape, 403 E0000087 on a wrong answer, and PASSWORD_RESET on the right one", async () => {
    const user = await userWithQuestion();
    const body = await recoveryState(user.login);
    expect(body).toMatchObject({
      status: 'RECOVERY',
      recoveryType: 'PASSWORD',
      relayState: null,
      _embedded: {
        user: { id: user.id, profile: { login: user.login }, recovery_question: { question: QUESTION } },
      },
      _links: {
        next: {
          name: 'answer',
          href: `${h.origin()}/api/v1/authn/recovery/answer`,
          hints: { allow: ['POST'] },
        },
        cancel: { href: `${h.origin()}/api/v1/authn/cancel`, hints: { allow: ['POST'] } },
      },
    });
    expect(body.stateToken).toEqual(expect.any(String));
    expect(new Date(body.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    // The answer hash is never presented.
    expect(JSON.stringify(body)).not.toMatch(/scrypt|answer_hash|Biscuit/i);

    const wrong = await post('/api/v1/authn/recovery/answer', { stateToken: body.stateToken, answer: 'Rex' });
    expect(wrong.status).toBe(403);
    expect(await jsonOf(wrong)).toMatchObject({
      errorCode: 'E0000087',
      errorSummary: 'The recovery question answer did not match our records.',
      errorLink: 'E0000087',
      errorId: expect.any(String),
      errorCauses: [],
    });
    // The transaction is still usable and still in RECOVERY.
    const state = await post('/api/v1/authn/introspect', { stateToken: body.stateToken });
    expect((await jsonOf(state)).status).toBe('RECOVERY');
    // RECOVERY cannot skip to the reset.
    const skipped = await post('/api/v1/authn/credentials/reset_password', {
      stateToken: body.stateToken,
      newPassword: NEW_PASSWORD,
    });
    expect(skipped.status).toBe(401);
    expect((await jsonOf(skipped)).errorCode).toBe('E0000011');
    // A blank answer is a validation error and counts nothing.
    const blank = await post('/api/v1/authn/recovery/answer', { stateToken: body.stateToken, answer: '  ' });
    expect(blank.status).toBe(400);
    expect((await jsonOf(blank)).errorCode).toBe('E0000001');

    const right = await post('/api/v1/authn/recovery/answer', {
      stateToken: body.stateToken,
      answer: ANSWER,
    });
    expect(right.status).toBe(200);
    const reset = await right.json();
    expect(reset).toMatchObject({
      stateToken: body.stateToken,
      status: 'PASSWORD_RESET',
      recoveryType: 'PASSWORD',
      _links: {
        next: { name: 'resetPassword', href: `${h.origin()}/api/v1/authn/credentials/reset_password` },
      },
    });
    // Answering again once past RECOVERY is refused.
    const again = await post('/api/v1/authn/recovery/answer', {
      stateToken: body.stateToken,
      answer: ANSWER,
    });
    expect(again.status).toBe(401);
    const done = await post('/api/v1/authn/credentials/reset_password', {
      stateToken: body.stateToken,
      newPassword: NEW_PASSWORD,
    });
    expect((await jsonOf(done)).status).toBe('SUCCESS');
  });

  it('unknown, missing or malformed stateToken → 401 E0000011; malformed JSON → 400 E0000003', async () => {
    for (const payload of [{ stateToken: 'nope', answer: ANSWER }, { answer: ANSWER }, { stateToken: 42 }]) {
      const res = await post('/api/v1/authn/recovery/answer', payload);
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toMatchObject({
        errorCode: 'E0000011',
        errorSummary: 'Invalid token provided',
      });
    }
    const malformed = await realFetch(`${h.origin()}/api/v1/authn/recovery/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"stateToken":',
    });
    expect(malformed.status).toBe(400);
    expect((await jsonOf(malformed)).errorCode).toBe('E0000003');
  });

  it('wrong answers count towards the lockout: at the threshold the account locks and the transaction ends', async () => {
    const threshold = h.t.app.env.IDP_LOCKOUT_THRESHOLD;
    const user = await userWithQuestion();
    const body = await recoveryState(user.login);
    for (let i = 0; i < threshold; i++) {
      const res = await post('/api/v1/authn/recovery/answer', {
        stateToken: body.stateToken,
        answer: `wrong-${i}`,
      });
      expect(res.status).toBe(403);
      expect((await jsonOf(res)).errorCode).toBe('E0000087');
    }
    // The transaction is over: even the right answer now needs a new e-mailed link.
    const after = await post('/api/v1/authn/recovery/answer', {
      stateToken: body.stateToken,
      answer: ANSWER,
    });
    expect(after.status).toBe(401);
    expect((await jsonOf(after)).errorCode).toBe('E0000011');
    const signIn = await post('/api/v1/authn', { username: user.login, password: PASSWORD });
    expect((await jsonOf(signIn)).status).toBe('LOCKED_OUT');

    // A new link and the right answer recover the account (reset unlocks it).
    const fresh = await recoveryState(user.login);
    expect(fresh.status).toBe('RECOVERY');
    const reset = await post('/api/v1/authn/recovery/answer', {
      stateToken: fresh.stateToken,
      answer: ANSWER,
    });
    expect((await jsonOf(reset)).status).toBe('PASSWORD_RESET');
    const done = await post('/api/v1/authn/credentials/reset_password', {
      stateToken: fresh.stateToken,
      newPassword: NEW_PASSWORD,
    });
    expect((await jsonOf(done)).status).toBe('SUCCESS');
    const back = await post('/api/v1/authn', { username: user.login, password: NEW_PASSWORD });
    expect((await jsonOf(back)).status).toBe('SUCCESS');
  });

  it('cancel ends a RECOVERY transaction', async () => {
    const user = await userWithQuestion();
    const body = await recoveryState(user.login);
    expect((await post('/api/v1/authn/cancel', { stateToken: body.stateToken })).status).toBe(200);
    const res = await post('/api/v1/authn/recovery/answer', { stateToken: body.stateToken, answer: ANSWER });
    expect((await jsonOf(res)).errorCode).toBe('E0000011');
  });
});
