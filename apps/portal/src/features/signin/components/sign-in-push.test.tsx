import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okta } from '../testing/authn-server.ts';
import {
  freshSignInForEachTest,
  RETURN_URL,
  setup,
  signInWithPassword,
  user,
} from '../testing/sign-in-flow-harness.tsx';
import { PUSH_POLL_DELAY_MS } from './push-step.tsx';

/** The sign-in page's push step and the lifetime of its poll. */
freshSignInForEachTest();

describe('push', () => {
  it('polls while WAITING ("waiting for approval"), then SUCCESS redirects', async () => {
    let polls = 0;
    const { redirect } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['push']),
      'POST /api/v1/authn/factors/f-push/verify': () =>
        ++polls < 3 ? okta.challenge('push', 'WAITING') : okta.success('tok-push'),
    });
    await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: /Approve from my e-mail/ }));
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    // The "next time" options belong before the request (the factor list), not to the wait.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('tok-push', RETURN_URL), { timeout: 8000 });
  }, 10_000);

  it('denied: says so and offers a new request', async () => {
    setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'REJECTED'),
    });
    await signInWithPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in denied' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a new request' })).toBeVisible();
    expect(screen.queryByText('Waiting for approval…')).not.toBeInTheDocument();
  });

  it('an auto-push callback that throws is shown as the spec words it', async () => {
    setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['push']),
      'POST /api/v1/authn/factors/f-push/verify': () => okta.challenge('push', 'WAITING'),
    });
    await signInWithPassword();
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await user.click(await screen.findByRole('button', { name: /Approve from my e-mail/ }));
    expect(await screen.findByText('AutoPush resulted in an error.')).toBeVisible();
  });

  it('with "send automatically" saved for the user, the push goes out without a click', async () => {
    window.localStorage.setItem('trackwell:signin:autoPush:ada@example.test', 'true');
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.mfaRequired(['email', 'push']),
      'POST /api/v1/authn/factors/f-push/verify': () => okta.challenge('push', 'WAITING'),
    });
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    const verify = calls.find((c) => c.path === 'POST /api/v1/authn/factors/f-push/verify');
    expect(verify?.url.searchParams.get('autoPush')).toBe('true');
  });

  it('a poll the SDK stopped is shown as the spec words it, with a way to check again', async () => {
    let polls = 0;
    const { oktaAuth } = setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'WAITING'),
      'POST /api/v1/authn/factors/f-push/verify': () => {
        polls++;
        return okta.challenge('push', 'WAITING');
      },
      // `prev` stops the poll; the identity provider cannot be reached, so the page stays on the push step.
      'POST /api/v1/authn/previous': () => 'network-error',
    });
    void oktaAuth;
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    await waitFor(() => expect(polls).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByText('The poll was stopped by the sdk', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeVisible();
  }, 10_000);
});

describe('push poll lifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // The cause of a flaky run on a loaded machine: a poll left running by a push test asked the next tests'
  // fake server every 2 s, so a later test saw a stray `factors/f-push/verify` at calls[0].
  it('leaving the push step ends the poll: no request once the step is gone', async () => {
    let answerPoll: (answer: ReturnType<typeof okta.challenge>) => void = () => {};
    let verifies = 0;
    const { calls } = setup({
      'POST /api/v1/authn': () => okta.challenge('push', 'WAITING'),
      'POST /api/v1/authn/factors/f-push/verify': () => {
        verifies++;
        return new Promise((resolve) => {
          answerPoll = resolve;
        });
      },
    });
    await signInWithPassword();
    expect(await screen.findByText('Waiting for approval…')).toBeVisible();
    await waitFor(() => expect(verifies).toBe(1)); // the first poll request is out
    cleanup(); // the user leaves the page while it is in flight
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answerPoll(okta.challenge('push', 'WAITING'));
    // The SDK waits PUSH_POLL_DELAY_MS before its next request: once that wait is scheduled, run it (and more).
    await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(PUSH_POLL_DELAY_MS * 10);
    expect(verifies).toBe(1);
    expect(calls.filter((c) => c.path === 'POST /api/v1/authn/factors/f-push/verify')).toHaveLength(1);
  });
});
