import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
});

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/audit';
const entry = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-25T10:00:00Z',
  store: 'awwa',
  actorKind: 'user',
  actorId: 'u1',
  actorLogin: 'admin@awwa.example',
  action: 'api_key.create',
  target: '9',
  before: null,
  after: { id: '9', label: 'Nightly feed' },
  ...extra,
});
const REVOKE = entry('2', {
  action: 'api_key.revoke',
  before: { id: '9', label: 'Nightly feed', revokedAt: null },
  after: { id: '9', label: 'Nightly feed', revokedAt: '2026-11-25T11:00:00Z' },
});

function auditApi() {
  return fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.storeAudit, (call) =>
      // 51 entries: three pages of 25, the newest (a revocation) first, the oldest (a creation) last.
      call.query.get('action') === 'role.grant'
        ? { status: 200, body: { entries: [], nextCursor: null, total: 0 } }
        : call.query.get('page') === '3'
          ? { status: 200, body: { entries: [entry('1')], nextCursor: null, total: 51 } }
          : { status: 200, body: { entries: [REVOKE], nextCursor: null, total: 51 } },
    );
}

describe('Audit log', { timeout: 20_000 }, () => {
  it('shows who, when, what and before → after, in numbered pages', async () => {
    const api = auditApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('admin@awwa.example');
    expect(row).toHaveTextContent('API key revoked');
    // Only what changed: the revocation time, from nothing to the instant.
    const diff = within(row).getByRole('list');
    expect(within(diff).getAllByRole('listitem')).toHaveLength(1);
    expect(diff).toHaveTextContent('revokedAt: after: 2026-11-25T11:00:00Z');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3 · rows 1–25 of 51');
    await user.click(within(pages).getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('API key created', { selector: 'span' })).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 3 of 3 · rows 51–51 of 51');
    const last = api.callsTo('GET', '/api/console/v1/stores/awwa/audit').at(-1)!;
    expect([last.query.get('page'), last.query.get('limit')]).toEqual(['3', '25']);
    await user.click(within(pages).getByRole('button', { name: 'First' }));
    expect(await screen.findByText('API key revoked', { selector: 'span' })).toBeInTheDocument();
    expect(pages).toHaveTextContent('Page 1 of 3');
    await user.selectOptions(within(pages).getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(pages).toHaveTextContent('Page 1 of 2 · rows 1–50 of 51'));
    expect(api.callsTo('GET', '/api/console/v1/stores/awwa/audit').at(-1)!.query.get('limit')).toBe('50');
    expect(document.title).toBe('Audit log · Acme Standards');
  });

  it('filters by actor, action and days; "no match" when nothing matches; a range backwards is refused', async () => {
    const api = auditApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    await user.type(
      screen.getByRole('textbox', { name: 'Who (e-mail address or id)' }),
      'admin@awwa.example',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'role.grant');
    const from = screen.getByLabelText('From (day)');
    const to = screen.getByLabelText('To (day, included)');
    await user.type(from, '2026-11-20');
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(to).toHaveAccessibleDescription('The last day must not be before the first.');
    await user.clear(to);
    await user.type(to, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    const call = api.callsTo('GET', '/api/console/v1/stores/awwa/audit').at(-1)!;
    expect(Object.fromEntries(call.query)).toEqual({
      actor: 'admin@awwa.example',
      action: 'role.grant',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-26T00:00:00.000Z',
      page: '1',
      limit: '25',
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('API key revoked', { selector: 'span' })).toBeInTheDocument();
  });

  it('exports the filtered log as CSV with the bearer token, through a Blob', async () => {
    const api = auditApi().on('GET', CONSOLE_PATHS.storeAudit, (call) =>
      call.query.get('format') === 'csv'
        ? new Response('"id","at"\r\n"2","2026-11-25T10:00:00Z"\r\n', {
            status: 200,
            headers: { 'content-type': 'text/csv' },
          })
        : { status: 200, body: { entries: [REVOKE], nextCursor: null } },
    );
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:audit';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await screen.findByText('API key revoked', { selector: 'span' });
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByText('The audit log was saved as a CSV file.')).toBeInTheDocument();
    const exported = api.calls.find((c) => c.query.get('format') === 'csv')!;
    expect(exported.path).toBe('/api/console/v1/stores/awwa/audit');
    expect(await blobs[0]!.text()).toContain('"2","2026-11-25T10:00:00Z"');
    expect(click).toHaveBeenCalledTimes(1);
    const request = vi
      .mocked(fetch)
      .mock.calls.find(([input]) =>
        String(input instanceof Request ? input.url : input).includes('format=csv'),
      )!;
    const headers = request[0] instanceof Request ? request[0].headers : new Headers(request[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer console-token');
    click.mockRestore();
  });

  it('a failed export is told; a failed page shows its reason; an empty log says so', async () => {
    let fail = true;
    fakeConsoleApi()
      .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
      .on('GET', CONSOLE_PATHS.storeAudit, (call) =>
        call.query.get('format') === 'csv'
          ? { status: 403, body: { error: 'forbidden', message: 'No export for you.' } }
          : fail
            ? { status: 500, body: { error: 'internal', message: 'The log is away.' } }
            : { status: 200, body: { entries: [], nextCursor: null } },
      );
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The log is away.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The audit log of this store is empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await waitFor(() => expect(screen.getByText('No export for you.')).toBeInTheDocument());
  });

  it('operators open the log of every store from the store list: each entry’s store, a store filter', async () => {
    const api = fakeConsoleApi()
      .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
      .on('GET', CONSOLE_PATHS.audit, (call) =>
        call.query.get('store') === 'nowhere'
          ? { status: 200, body: { entries: [], nextCursor: null } }
          : {
              status: 200,
              body: {
                entries: [entry('3', { store: 'acme', action: 'store.logo', after: { bytes: 237 } })],
                nextCursor: null,
              },
            },
      );
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'], path: '/admin/stores' });
    await user.click(await screen.findByRole('link', { name: 'Audit log of every store' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log of every store' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getByRole('columnheader', { name: 'Store' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('acme');
    expect(row).toHaveTextContent('Logo uploaded');
    await user.type(screen.getByRole('textbox', { name: 'Store (code)' }), 'Nowhere');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    expect(api.callsTo('GET', CONSOLE_PATHS.audit).at(-1)!.query.get('store')).toBe('nowhere');
    await user.click(screen.getByRole('link', { name: 'All stores' }));
    expect(await screen.findByRole('link', { name: 'AWWA Store' })).toBeInTheDocument();
  });

  it('a store administrator has no link to every store’s log, and its address leads back to the console', async () => {
    fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }));
    renderConsole({ roles: ['store_admin'], path: '/admin/stores' });
    expect(await screen.findByRole('link', { name: 'AWWA Store' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log of every store' })).not.toBeInTheDocument();
    renderConsole({ roles: ['store_admin'], path: '/admin/audit' });
    expect(screen.queryByRole('heading', { name: 'Audit log of every store' })).not.toBeInTheDocument();
  });

  it('shows an import’s totals as a list of fields, never raw JSON; addresses wrap only at their separators', async () => {
    const IMPORT = entry('3', {
      actorLogin: 'operator@trackwell.example',
      action: 'catalog.import',
      target: 'acme-catalogue.csv',
      before: null,
      after: {
        file: 'acme-catalogue.csv',
        totals: { created: 50, updated: 3 },
        hosts: ['a.example', 'b.example'],
      },
    });
    fakeConsoleApi()
      .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
      .on('GET', CONSOLE_PATHS.storeAudit, () => ({
        status: 200,
        body: { entries: [IMPORT], nextCursor: null },
      }));
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    const items = within(within(row).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'file: after: acme-catalogue.csv',
      'totals.created: after: 50',
      'totals.updated: after: 3',
      'hosts: after: a.example, b.example',
    ]);
    expect(row.textContent).not.toMatch(/[{}"]/);
    // Each cell is named by its column, for the card a row becomes on a phone.
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['When', 'Who', 'What', 'Before → after']);
    // The address may wrap only after "@" and ".", never inside a word.
    const who = within(row).getByTitle('operator@trackwell.example');
    expect(who.querySelectorAll('wbr')).toHaveLength(2);
    expect(who).toHaveTextContent('operator@trackwell.example');
  });
});
