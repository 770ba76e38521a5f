import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from './testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from './testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
  {
    code: 'nordic',
    name: 'Nordic Standards',
    canonicalHost: 'nordic.localhost',
    hosts: ['nordic.localhost'],
  },
];

describe('The console shell', { timeout: 20_000 }, () => {
  it('a user without a console role is told so, and calls nothing', async () => {
    const api = fakeConsoleApi();
    renderConsole({ roles: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You have no console role' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my tracker' })).toHaveAttribute('href', '/');
    expect(api.calls).toHaveLength(0);
  });

  it('an operator starts at the list of every store; each name opens the store', async () => {
    fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }));
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'] });
    const table = await screen.findByRole('table', { name: 'The stores you run' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['AWWA Store', 'awwa', 'awwa.localhost'],
      ['Nordic Standards', 'nordic', 'nordic.localhost'],
    ]);
    expect(document.title).toBe('Stores · Acme Standards');
    await user.click(within(table).getByRole('link', { name: 'Nordic Standards' }));
    expect(await screen.findByText('Nordic Standards', { selector: 'p' })).toBeInTheDocument();
    // An operator can switch to another store and back to the list.
    expect(screen.getByRole('combobox', { name: 'Switch store' })).toHaveValue('nordic');
    expect(screen.getByRole('link', { name: 'All stores' })).toHaveAttribute('href', '/admin/stores');
  });

  it('the list of stores filters by name, code or address and sorts by a column, in the browser', async () => {
    fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }));
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'] });
    const table = await screen.findByRole('table', { name: 'The stores you run' });
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    const name = within(table).getByRole('columnheader', { name: /Name/ });
    await user.click(within(name).getByRole('button'));
    await user.click(within(name).getByRole('button'));
    expect(names()).toEqual(['Nordic Standards', 'AWWA Store']);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name, code or address' }), 'awwa.local');
    expect(names()).toEqual(['AWWA Store']);
  });

  it('the server refusing the list (no role any more) is shown with its reason and "Try again"', async () => {
    let refuse = true;
    const api = fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () =>
      refuse
        ? { status: 403, body: { error: 'forbidden', message: 'You hold no console role.' } }
        : { status: 200, body: { stores: STORES } },
    );
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'], path: '/admin/stores' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You hold no console role.');
    refuse = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'AWWA Store' })).toBeInTheDocument();
    expect(api.callsTo('GET', CONSOLE_PATHS.stores)).toHaveLength(2);
  });

  it('a store the user does not run is named as such', async () => {
    fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }));
    renderConsole({ roles: ['store_admin'], path: '/admin/stores/other/settings' });
    expect(await screen.findByText('There is no store other that you run.')).toBeInTheDocument();
  });
});
