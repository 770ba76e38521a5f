import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESOLVER_PATHS, TRACKER_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { buildRow, fakeTrackerServer, TEST_TENANT_ID, TEST_USER_ID } from '../testing/fake-tracker-server.ts';
import { buildFlags, renderTrackerPage } from '../testing/render-tracker-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rows = (count: number) => Array.from({ length: count }, (_, i) => buildRow(i + 1));

async function table() {
  const region = await screen.findByRole('region', { name: 'Individual standards' });
  return { region, table: within(region).getByRole('table') };
}

const pager = () => screen.getByRole('navigation', { name: 'Pages of tracked standards' });

describe('individual standards table: paging (spec §2, §9)', () => {
  it('shows 10 rows by default, offers 10/20/30/40/50, and reads "Page X of N"', async () => {
    const server = fakeTrackerServer({ rows: rows(23) });
    renderTrackerPage();

    const { table: grid } = await table();
    await waitFor(() => expect(within(grid).getAllByRole('switch')).toHaveLength(10));
    const size = within(pager()).getByRole('combobox', { name: 'Rows per page' });
    expect(size).toHaveValue('10');
    expect([...(size as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
    ]);
    expect(within(pager()).getByText('Page 1 of 3')).toBeInTheDocument();
    // spec §7: pageIndex is sent 1-based.
    const first = server.callsTo(TRACKER_PATHS.listContentTrackings)[0]!;
    expect(first.query.get('pageIndex')).toBe('1');
    expect(first.query.get('pageSize')).toBe('10');
    expect(first.query.get('userId')).toBe(TEST_USER_ID);
    expect(first.headers.get('authorization')).toBe('Bearer test-token');

    await userEvent.selectOptions(size, '20');
    await waitFor(() => expect(within(grid).getAllByRole('switch')).toHaveLength(20));
    expect(within(pager()).getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('disables Previous on the first page and Next on the last', async () => {
    const server = fakeTrackerServer({ rows: rows(15) });
    renderTrackerPage();
    await table();
    const previous = within(pager()).getByRole('button', { name: 'Previous' });
    const next = within(pager()).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    expect(await within(pager()).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(server.callsTo(TRACKER_PATHS.listContentTrackings).at(-1)!.query.get('pageIndex')).toBe('2');
    expect(await screen.findByRole('link', { name: /S11 Standard number 11/ })).toBeInTheDocument();

    await userEvent.click(previous);
    expect(await within(pager()).findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('go-to-page takes digits and editing keys only, minimum 1, and ignores pages beyond the count', async () => {
    fakeTrackerServer({ rows: rows(35) });
    renderTrackerPage();
    await table();
    await within(pager()).findByText('Page 1 of 4');
    const goTo = within(pager()).getByRole('spinbutton', { name: 'Go to page' });
    expect(goTo).toHaveAttribute('min', '1');

    // Letters, signs and decimal points never reach the field.
    await userEvent.clear(goTo);
    await userEvent.type(goTo, 'e-+.a');
    expect(goTo).toHaveValue(null);

    await userEvent.type(goTo, '3');
    expect(await within(pager()).findByText('Page 3 of 4')).toBeInTheDocument();

    // Beyond the page count: ignored, the page stays.
    await userEvent.clear(goTo);
    await userEvent.type(goTo, '9');
    expect(within(pager()).getByText('Page 3 of 4')).toBeInTheDocument();
    // Below the minimum: ignored too.
    await userEvent.clear(goTo);
    await userEvent.type(goTo, '0');
    expect(within(pager()).getByText('Page 3 of 4')).toBeInTheDocument();

    // Editing keys work: Backspace then a digit.
    await userEvent.type(goTo, '{Backspace}4');
    expect(await within(pager()).findByText('Page 4 of 4')).toBeInTheDocument();
    await userEvent.tab();
    expect(goTo).toHaveValue(4);
  });

  it('shows the no-data message when nothing is tracked', async () => {
    fakeTrackerServer({ rows: [] });
    renderTrackerPage();
    const { table: grid } = await table();
    expect(
      await within(grid).findByText('You are not tracking any standards yet. Search above to add one.'),
    ).toBeInTheDocument();
    expect(within(pager()).getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('masks the table with a spinner while a page is fetched (aria-busy)', async () => {
    const server = fakeTrackerServer({ rows: rows(3) });
    const release = server.hold();
    renderTrackerPage();
    const { region } = await table();
    const wrap = within(region).getByRole('table').parentElement!;
    expect(wrap).toHaveAttribute('aria-busy', 'true');
    expect(within(wrap).getByRole('status')).toHaveTextContent('Loading your standards…');
    release();
    await waitFor(() => expect(wrap).toHaveAttribute('aria-busy', 'false'));
    expect(within(wrap).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('individual standards table: rows (spec §2, §4)', () => {
  it('links the title to publicURL + assetId + .html, and shows the publisher', async () => {
    fakeTrackerServer({ rows: [buildRow(7)] });
    renderTrackerPage();
    const link = await screen.findByRole('link', { name: /S7 Standard number 7/ });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/store/standards/s7.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('cell', { name: 'First Publisher' })).toBeInTheDocument();
  });

  it('switch: checked when tracking is not off; sends the current off-state as active, updates at once', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1), buildRow(2, { contentTrackingOff: true })] });
    renderTrackerPage();
    const on = await screen.findByRole('switch', { name: 'Email me about changes to S1 Standard number 1' });
    const off = screen.getByRole('switch', { name: 'Email me about changes to S2 Standard number 2' });
    expect(on).toBeChecked();
    expect(off).not.toBeChecked();

    const release = server.hold();
    await userEvent.click(on);
    // Optimistic: switched before the server has answered.
    expect(on).not.toBeChecked();
    const put = server.callsTo(TRACKER_PATHS.updateTracker).at(-1)!;
    expect(put.query.get('contentTrackingIds')).toBe('1');
    expect(put.body).toMatchObject({ active: false, userId: TEST_USER_ID, pageIndex: 1, pageSize: 10 });
    release();
    await waitFor(() => expect(server.state.rows[0]!.contentTrackingOff).toBe(true));

    await userEvent.click(off);
    expect(off).toBeChecked();
    await waitFor(() => expect(server.callsTo(TRACKER_PATHS.updateTracker)).toHaveLength(2));
    expect(server.callsTo(TRACKER_PATHS.updateTracker)[1]!.body).toMatchObject({ active: true });
    await waitFor(() => expect(server.state.rows[1]!.contentTrackingOff).toBe(false));
    expect(off).toBeChecked();
  });

  it('switch: reverts and shows an error toast when the call fails (spec §8)', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1)] });
    renderTrackerPage();
    const toggle = await screen.findByRole('switch', { name: /S1 Standard number 1/ });
    server.fail(TRACKER_PATHS.updateTracker);
    await userEvent.click(toggle);
    expect(await screen.findByText('The tracker service failed.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.state.rows[0]!.contentTrackingOff).toBe(false);
  });

  it('delete asks first; No keeps the row; Yes deletes it with a success toast', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(1), buildRow(2)] });
    renderTrackerPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop tracking S1 Standard number 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent(
      'Stop tracking S1 Standard number 1? It will be removed from your list.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(server.callsTo(TRACKER_PATHS.deleteTracker)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stop tracking S1 Standard number 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The standard was removed from your list.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /S1 Standard/ })).not.toBeInTheDocument());
    expect(server.callsTo(TRACKER_PATHS.deleteTracker)[0]!.query.get('contentTrackingIds')).toBe('1');
  });

  it('deleting the only row of a page goes back one page (spec §4)', async () => {
    fakeTrackerServer({ rows: rows(11) });
    renderTrackerPage();
    await table();
    await userEvent.click(await within(pager()).findByRole('button', { name: 'Next' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Stop tracking S11 Standard number 11' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await within(pager()).findByText('Page 1 of 1')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /S10 Standard number 10/ })).toBeInTheDocument();
  });

  it('with the resolver flag on, a title click opens the resolved application URL in a new tab', async () => {
    const server = fakeTrackerServer({
      rows: [buildRow(5)],
      applicationURL: 'https://app.example.test/standards/PUB1-S5',
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderTrackerPage({ flags: buildFlags({ enable_resolver_DP_for_content: true }) });

    await userEvent.click(await screen.findByRole('link', { name: /S5 Standard number 5/ }));
    // Opened inside the click (popup blockers allow it), then sent to the answer.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://app.example.test/standards/PUB1-S5'));
    expect(tab.opener).toBeNull();
    const call = server.callsTo(RESOLVER_PATHS.resolve)[0]!;
    expect(call.query.get('contentCode')).toBe('PUB1-S5');
    expect(call.query.get('tenantId')).toBe(TEST_TENANT_ID);
    expect(call.query.get('userId')).toBe(TEST_USER_ID);
  });

  it('closes the new tab again when the resolver fails or answers a non-http URL', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(5)], applicationURL: 'javascript:alert(1)' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderTrackerPage({ flags: buildFlags({ enable_resolver_DP_for_content: true }) });
    const link = await screen.findByRole('link', { name: /S5 Standard number 5/ });

    await userEvent.click(link);
    await waitFor(() => expect(tab.close).toHaveBeenCalledTimes(1));
    expect(tab.location.href).toBe('');

    server.fail(RESOLVER_PATHS.resolve);
    await userEvent.click(link);
    await waitFor(() => expect(tab.close).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('The tracker service failed.')).toBeInTheDocument();
  });

  it('without the resolver flag the title is a plain link (no resolver call)', async () => {
    const server = fakeTrackerServer({ rows: [buildRow(5)] });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTrackerPage({ tenant: buildTenantConfig() });
    const link = await screen.findByRole('link', { name: /S5 Standard number 5/ });
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot navigate
    await userEvent.click(link);
    expect(open).not.toHaveBeenCalled();
    expect(server.callsTo(RESOLVER_PATHS.resolve)).toHaveLength(0);
  });
});

describe('individual standards table: titles in the reader’s language', () => {
  it('shows the German title to a German reader and the main title to a reader whose language it lacks', async () => {
    const multilingual = buildRow(1, {
      content: {
        contentTitle: 'Safety of machinery',
        contentTitles: { de: 'Sicherheit von Maschinen', fr: 'Sécurité des machines' },
        contentCode: 'ISO 13849-1',
        displayDesignation: 'ISO 13849-1:2006-11',
        assetId: 'iso-13849-1-2006-11',
      },
    });
    fakeTrackerServer({ rows: [multilingual] });
    // The interface stays English (no locale server here): what changes is the language the reader chose.
    const { i18n } = renderTrackerPage({ i18n: createTestI18n('en', undefined, { withBackend: false }) });
    expect(
      await screen.findByRole('link', { name: /ISO 13849-1:2006-11 Safety of machinery/ }),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('de'));
    const german = await screen.findByText('Sicherheit von Maschinen');
    expect(german).toHaveAttribute('lang', 'de');

    await act(() => i18n.changeLanguage('fr_CA'));
    expect(await screen.findByText('Sécurité des machines')).toHaveAttribute('lang', 'fr');

    await act(() => i18n.changeLanguage('ja'));
    expect(await screen.findByText('Safety of machinery')).not.toHaveAttribute('lang');
  });
});
