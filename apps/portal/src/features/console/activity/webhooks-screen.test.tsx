import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_PATHS,
  WEBHOOK_PATHS,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/webhooks';
const URL_A = 'https://erp.example.com/hooks/trackwell';
const endpoint = (id: string, url: string): WebhookEndpoint => ({
  id,
  url,
  description: 'ERP sync',
  enabled: true,
  owner: 'store',
  createdAt: '2026-11-20T09:00:00Z',
});
const attempt = (over: Partial<WebhookAttempt>): WebhookAttempt => ({
  messageId: 'msg_1',
  eventType: 'webhook.test',
  changeId: null,
  messageStatus: 'delivered',
  attempt: 1,
  statusCode: 204,
  error: null,
  durationMs: 42,
  attemptedAt: '2026-11-26T08:00:00Z',
  nextAttemptAt: null,
  ...over,
});

function webhooksApi() {
  const state = { endpoints: [] as WebhookEndpoint[], attempts: [] as WebhookAttempt[] };
  const api = fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', WEBHOOK_PATHS.storeWebhooks, () => ({ status: 200, body: { endpoints: state.endpoints } }))
    .on('POST', WEBHOOK_PATHS.storeWebhooks, (call) => {
      const { url } = call.body as { url: string };
      if (!url.startsWith('https://'))
        return {
          status: 400,
          body: { message: 'Not valid.', issues: [{ path: 'body.url', message: 'must be an https URL' }] },
        };
      const created = endpoint('7', url);
      state.endpoints = [created];
      return { status: 201, body: { ...created, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' } };
    })
    .on('POST', WEBHOOK_PATHS.storeWebhookTest, () => {
      const done = attempt({});
      state.attempts = [done, ...state.attempts];
      return { status: 200, body: done };
    })
    .on('GET', WEBHOOK_PATHS.storeWebhookDeliveries, () => ({
      status: 200,
      body: { attempts: state.attempts },
    }))
    .on('DELETE', WEBHOOK_PATHS.storeWebhook, () => {
      state.endpoints = [];
      return { status: 204 };
    });
  return { api, state };
}

describe('Webhooks', { timeout: 20_000 }, () => {
  it('adds an endpoint (a refused URL said beside it; the secret shown once), tests it, reads its log, removes it', async () => {
    const { api, state } = webhooksApi();
    state.attempts = [
      attempt({
        messageId: 'msg_0',
        eventType: 'standard.changed',
        changeId: 'chg-1',
        messageStatus: 'pending',
        statusCode: 500,
        nextAttemptAt: '2026-11-26T08:05:00Z',
      }),
    ];
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByText('This store has no webhook endpoint yet.')).toBeInTheDocument();

    const url = screen.getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(url, 'http://erp.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('must be an https URL'));
    await user.clear(url);
    await user.type(url, URL_A);
    await user.type(screen.getByRole('textbox', { name: 'What it is for' }), 'ERP sync');
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));
    expect(await screen.findByRole('textbox', { name: 'Its signing secret' })).toHaveValue(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
    );
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/webhooks')[1]?.body).toEqual({
      url: URL_A,
      description: 'ERP sync',
    });
    expect(screen.getByText(/checks the signature of each request/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have kept it' }));
    expect(screen.queryByDisplayValue(/whsec_/)).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: "The store's webhook endpoints" });
    await user.click(within(table).getByRole('button', { name: `Send a test event ${URL_A}` }));
    expect(await screen.findByText('The test event was accepted (HTTP 204).')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: `Delivery attempts to ${URL_A}, newest first` });
    const rows = within(log).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Test event');
    expect(rows[1]).toHaveTextContent('Accepted (HTTP 204)');
    expect(rows[2]).toHaveTextContent('Catalogue change');
    expect(rows[2]).toHaveTextContent('Refused (HTTP 500)');
    expect(rows[2]).toHaveTextContent('Being retried');

    await user.click(within(table).getByRole('button', { name: `Remove ${URL_A}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(`The endpoint ${URL_A} is removed.`)).toBeInTheDocument();
    expect(await screen.findByText('This store has no webhook endpoint yet.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/console/v1/stores/awwa/webhooks/7')).toHaveLength(1);
  });

  it('is a section for administrators, not for catalogue editors', async () => {
    webhooksApi();
    renderConsole({ roles: ['catalog_editor'], path: '/admin/stores/awwa/catalog' });
    const nav = await screen.findByRole('navigation', { name: /Sections of/ });
    expect(within(nav).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
  });
});
