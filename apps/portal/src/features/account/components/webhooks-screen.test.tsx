import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { stubWebhooks, webhookAttempt, webhookEndpoint } from '../testing/fake-webhooks.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(dismissToasts);

const PATH = '/account/webhooks';
const URL_A = 'https://lab.example.org/hooks/trackwell';

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Account webhooks', { timeout: 30_000 }, () => {
  it('adds an endpoint (a refused URL said beside it; the secret shown once), tests it, reads its log, removes it', async () => {
    const { state, calls } = stubWebhooks({
      attempts: [
        webhookAttempt({
          messageId: 'msg_0',
          eventType: 'standard.changed',
          changeId: 'chg-1',
          messageStatus: 'failed',
          statusCode: null,
          error: 'connection refused',
          attempt: 5,
        }),
      ],
    });
    const user = userEvent.setup();
    renderAccount({ path: PATH });
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByText('You have no webhook endpoint yet.')).toBeInTheDocument();
    expect(screen.getByText(/Each change to a standard you track is POSTed/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account settings' });
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    const url = screen.getByRole('textbox', { name: 'Endpoint URL' });
    expect(url).toHaveAccessibleDescription(expect.stringContaining("Enter the endpoint's https URL."));
    await user.type(url, 'http://lab.example.org/hook');
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    expect(await screen.findByText('must be an https URL')).toBeInTheDocument();
    expect(url).toHaveAccessibleDescription(expect.stringContaining('must be an https URL'));
    await user.clear(url);
    await user.type(url, URL_A);
    await user.type(screen.getByRole('textbox', { name: 'What it is for' }), 'Lab notebook');
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    const secret = await screen.findByRole('textbox', { name: 'Its signing secret' });
    expect(secret).toHaveValue('whsec_dXNlci1zZWNyZXQtdXNlci1zZWNyZXQ=');
    expect(screen.getByRole('heading', { name: `Endpoint ${URL_A} added` })).toHaveFocus();
    const created = calls.filter((c) => c.method === 'POST' && c.path === '/api/tracker/v1/webhooks');
    expect(created.at(-1)).toMatchObject({
      body: { url: URL_A, description: 'Lab notebook' },
      authorization: 'Bearer portal-token',
    });
    await user.click(screen.getByRole('button', { name: 'I have kept it' }));
    expect(screen.queryByDisplayValue(/whsec_/)).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Your webhook endpoints' });
    expect(within(table).getByText('Lab notebook')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: `Send a test event ${URL_A}` }));
    expect(await screen.findByText('The test event was accepted (HTTP 204).')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: `Delivery attempts to ${URL_A}, newest first` });
    const rows = within(log).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Test event');
    expect(rows[1]).toHaveTextContent('Accepted (HTTP 204)');
    expect(rows[2]).toHaveTextContent('Catalogue change');
    expect(rows[2]).toHaveTextContent('Not delivered: connection refused');
    expect(rows[2]).toHaveTextContent('Given up');

    await user.click(within(table).getByRole('button', { name: `Remove ${URL_A}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`The endpoint ${URL_A} is removed.`)).toBeInTheDocument();
    expect(await screen.findByText('You have no webhook endpoint yet.')).toBeInTheDocument();
    expect(state.endpoints).toEqual([]);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/tracker/v1/webhooks/9',
    ]);
  });

  it('a remove can be cancelled with the keyboard; the endpoint stays', async () => {
    const { calls } = stubWebhooks({ endpoints: [webhookEndpoint('3', URL_A)] });
    const user = userEvent.setup();
    renderAccount({ path: PATH });
    const table = await screen.findByRole('table', { name: 'Your webhook endpoints' });
    within(table)
      .getByRole('button', { name: `Remove ${URL_A}` })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Remove this endpoint?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(table).getByText(URL_A, { selector: 'span[dir]' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a list that cannot be loaded says so and offers "Try again", which loads it', async () => {
    const { state } = stubWebhooks({ endpoints: [webhookEndpoint('3', URL_A)] });
    state.failures.set('GET /api/tracker/v1/webhooks', {
      status: 503,
      body: { message: 'Down for a moment.' },
    });
    const user = userEvent.setup();
    renderAccount({ path: PATH });
    const alert = await screen.findByRole('alert');
    state.failures.clear();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Your webhook endpoints' })).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    stubWebhooks({ endpoints: [webhookEndpoint('3', URL_A)] });
    const i18n = createTestI18n('ar');
    renderAccount({ path: PATH, i18n });
    expect(await screen.findByRole('heading', { level: 2, name: 'خطافات الويب' })).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'نقاط استقبال خطافات الويب الخاصة بك' }),
    ).toBeInTheDocument();
    expect(screen.getByText(URL_A, { selector: 'span[dir]' })).toHaveAttribute('dir', 'ltr');
  });

  it('a store that does not offer webhooks: no Webhooks tab, and an old link says so without asking for endpoints', async () => {
    const { calls } = stubMyAccount(buildFakeState({ userWebhooks: false }));
    renderAccount({ path: PATH });
    expect(
      await screen.findByText(
        'This store does not offer webhooks. Changes to what you track reach you by e-mail, in the notification centre and in your feed.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account settings' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/tracker/v1/webhooks'))).toBe(false);
  });
});
