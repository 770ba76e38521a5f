import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';
import type { DailyCount } from './api/deliveries.ts';

// jsdom draws no canvas: the chart module is replaced by a marker (its data is checked through the table).
vi.mock('./components/daily-chart.tsx', () => ({
  default: ({ labels, days }: { labels: { summary: string }; days: DailyCount[] }) => (
    <div
      role="img"
      aria-label={labels.summary}
      data-days={days.map((d) => `${d.day}:${d.sent}+${d.failed}`).join(' ')}
    />
  ),
}));

/** The UTC day `n` days before today, as the server names days. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const DELIVERY_DAY = daysAgo(9);

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/deliveries';
const CHANGE = {
  id: '41',
  publisherEventId: 'ed-2026-1',
  kind: 'new_edition',
  source: 'console',
  recordedAt: '2026-11-20T10:00:00Z',
  matched: 3,
  sent: 1,
  failed: 2,
  pending: 0,
  unsubscribed: 1,
  failureReasons: [{ reason: '550 5.1.1 mailbox unavailable', count: 2 }],
};
const MIME = [
  'From: AWWA Store <no-reply@awwa.localhost>',
  'To: ana@example.com',
  'Subject: D638 has a new edition',
  'Message-ID: <m1@awwa.localhost>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b"',
  '',
  '--b',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'D638 has a new edition.',
  '--b',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>D638 has a <b>new edition</b>.</p>',
  '--b--',
  '',
].join('\r\n');

function deliveriesApi(changes = [CHANGE]) {
  return fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.storeDeliveriesDaily, () => ({
      status: 200,
      body: { days: [{ day: DELIVERY_DAY, sent: 1, failed: 2 }] },
    }))
    .on('GET', CONSOLE_PATHS.storeChanges, () => ({ status: 200, body: { changes, nextCursor: null } }));
}

describe('Deliveries', { timeout: 20_000 }, () => {
  it('says where each change came from: the publisher API, the command line, an import or the console', async () => {
    const sources = ['api', 'cli', 'import', 'console'] as const;
    deliveriesApi(
      sources.map((source, i) => ({
        ...CHANGE,
        id: String(50 - i),
        publisherEventId: `ev-${source}`,
        source,
      })),
    );
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: /The store's changes/ });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      expect.stringContaining('From the publisher API'),
      expect.stringContaining('From the command line'),
      expect.stringContaining('From a catalogue import'),
      expect.stringContaining('From the console'),
    ]);
  });

  it('shows each change with its counts and reasons, and the chart with its table alternative', async () => {
    const api = deliveriesApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByRole('heading', { level: 2, name: 'Deliveries' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /The store's changes/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('New edition');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('From the console');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['3', '1', '2', '0', '1']);
    expect(row).toHaveTextContent('550 5.1.1 mailbox unavailable (2)');
    const chart = await screen.findByRole('img', { name: 'Sent: 1, failed: 2, over the last 30 days.' });
    // Every day of the period is on the chart's axis, oldest first, zeros included; sent and failed stacked.
    const series = (chart.dataset.days ?? '').split(' ');
    expect(series).toHaveLength(30);
    expect(series[0]).toBe(`${daysAgo(29)}:0+0`);
    expect(series.at(-1)).toBe(`${daysAgo(0)}:0+0`);
    expect(series.filter((d) => !d.endsWith(':0+0'))).toEqual([`${DELIVERY_DAY}:1+2`]);
    // The figures as a table, on demand.
    const toggle = screen.getByRole('button', { name: 'Show the figures as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const figures = screen.getByRole('table', { name: 'Sent and failed e-mails per day' });
    expect(
      within(figures)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    // The portal's one table: a named, focusable scroll region whose figures sort.
    const region = screen.getByRole('region', { name: 'Sent and failed e-mails per day' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(figures).getByRole('columnheader', { name: /Day/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(
      within(within(figures).getByRole('columnheader', { name: /Failed/ })).getByRole('button'),
    );
    expect(within(figures).getByRole('columnheader', { name: /Failed/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(document.title).toBe('Deliveries · Acme Standards');
    // The period asked for: the last 30 UTC days.
    const [daily] = api.callsTo('GET', '/api/console/v1/stores/awwa/deliveries/daily');
    expect(daily!.query.get('to')).toBe(new Date().toISOString().slice(0, 10));
  });

  it('retries the failed after a confirmation; the counts are asked again', async () => {
    const api = deliveriesApi().on('POST', CONSOLE_PATHS.storeChangeRetry, () => ({
      status: 200,
      body: { id: '41', requeued: 2 },
    }));
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const retry = await screen.findByRole('button', { name: 'Retry the failed of ed-2026-1' });
    await user.click(retry);
    let dialog = screen.getByRole('dialog', { name: 'Retry the failed e-mails?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/changes/41/retry')).toHaveLength(0);
    await user.click(retry);
    dialog = screen.getByRole('dialog', { name: 'Retry the failed e-mails?' });
    expect(dialog).toHaveTextContent('failed now: 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed e-mails sent again: 2.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/changes/41/retry')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/console/v1/stores/awwa/changes')).toHaveLength(2));
  });

  it("lists a change's deliveries and opens an e-mail as it was sent, in a sandboxed frame", async () => {
    deliveriesApi()
      .on('GET', CONSOLE_PATHS.storeChangeDeliveries, () => ({
        status: 200,
        body: {
          deliveries: [
            {
              id: '7',
              recipient: 'ana@example.com',
              status: 'sent',
              attempts: 1,
              lastError: null,
              sentAt: '2026-11-20T10:01:00Z',
              hasMessage: true,
            },
            {
              id: '8',
              recipient: 'bo@example.com',
              status: 'failed',
              attempts: 3,
              lastError: '550 5.1.1 mailbox unavailable',
              sentAt: null,
              hasMessage: false,
            },
          ],
          nextCursor: null,
        },
      }))
      .on('GET', CONSOLE_PATHS.storeDeliveryMessage, (_call, params) => ({
        status: 200,
        body: {
          deliveryId: params.deliveryId,
          changeId: '41',
          messageId: '<m1@awwa.localhost>',
          sentAt: '2026-11-20T10:01:00Z',
          mime: MIME,
          htmlUrl: `/api/console/v1/stores/awwa/deliveries/${params.deliveryId}/message.html?view=signed`,
          htmlUrlExpiresAt: '2026-11-20T10:11:00Z',
        },
      }));
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Deliveries of ed-2026-1' }));
    const heading = await screen.findByRole('heading', { name: 'Deliveries of change ed-2026-1' });
    expect(heading).toHaveFocus();
    const list = await screen.findByRole('table', { name: "The change's deliveries" });
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent('550 5.1.1 mailbox unavailable');
    // Only a delivery whose e-mail was kept can be opened.
    expect(
      screen.queryByRole('button', { name: 'Open the e-mail to bo@example.com' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the e-mail to ana@example.com' }));
    const frame = await screen.findByTitle("The e-mail's HTML part: D638 has a new edition");
    // The HTML part from its own signed URL (its own CSP), in a frame where nothing runs.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('src', '/api/console/v1/stores/awwa/deliveries/7/message.html?view=signed');
    expect(frame).not.toHaveAttribute('srcdoc');
    expect(screen.getByText('D638 has a new edition.', { selector: 'pre' })).toBeInTheDocument();
    expect(screen.getByText('AWWA Store <no-reply@awwa.localhost>')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'E-mail to ana@example.com, as it was sent' })).toHaveFocus();
    // Closed: the frame goes and the focus returns to the button that opened it.
    await user.click(screen.getByRole('button', { name: 'Close the e-mail' }));
    expect(frame).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the e-mail to ana@example.com' })).toHaveFocus();
  });

  it('shows the empty state, and an error with its reason and "Try again"', async () => {
    let fail = true;
    deliveriesApi([]).on('GET', CONSOLE_PATHS.storeDeliveriesDaily, () =>
      fail
        ? { status: 403, body: { error: 'forbidden', message: 'Your console role does not allow this.' } }
        : { status: 200, body: { days: [] } },
    );
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByText('No change has been published in this store yet.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your console role does not allow this.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No e-mail was sent or failed in this period.')).toBeInTheDocument();
  });
});
