import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

// The platform store first, as the server lists stores by code; the switcher must offer it too.
const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
  { code: 'trackwell', name: 'Trackwell', canonicalHost: 'localhost', hosts: ['localhost'] },
];

const withStores = () =>
  fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }));

describe('The console as an admin app: navigation, store switcher, drawer', { timeout: 20_000 }, () => {
  it('lists the store’s sections and the operator’s pages in the left navigation', async () => {
    withStores();
    renderConsole({ roles: ['platform_operator'], path: '/admin/stores/awwa/deliveries' });
    const sections = await screen.findByRole('navigation', { name: 'Sections of AWWA Store' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Settings',
      'Look',
      'Catalogue',
      'Industry areas',
      'Review forecasts',
      'Changes',
      'Deliveries',
      'People and keys',
      'Users',
      'Organisations',
      'Webhooks',
      'Audit log',
    ]);
    expect(within(sections).getByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const platform = screen.getByRole('navigation', { name: 'Platform' });
    expect(within(platform).getByRole('link', { name: 'All stores' })).toHaveAttribute(
      'href',
      '/admin/stores',
    );
    expect(within(platform).getByRole('link', { name: 'Audit log of every store' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
    // The top bar: the console's title and the open store.
    expect(screen.getByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(document.querySelector('.tw-console__store-name')).toHaveTextContent('Store: AWWA Store');
  });

  it('the store switcher offers every store, the platform store included, and keeps the section', async () => {
    withStores();
    const user = userEvent.setup();
    const { router } = renderConsole({ roles: ['platform_operator'], path: '/admin/stores/awwa/users' });
    const switcher = await screen.findByRole('combobox', { name: 'Switch store' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AWWA Store (awwa)', 'Trackwell (trackwell)']);
    await user.selectOptions(switcher, 'trackwell');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stores/trackwell/users'));
    expect(await screen.findByRole('navigation', { name: 'Sections of Trackwell' })).toBeInTheDocument();
  });

  it('outside a store the switcher starts at "Choose a store"; no store sections are listed', async () => {
    withStores();
    renderConsole({ roles: ['platform_operator'], path: '/admin/stores' });
    const switcher = await screen.findByRole('combobox', { name: 'Switch store' });
    await waitFor(() => expect(within(switcher).getAllByRole('option')).toHaveLength(3));
    expect(switcher).toHaveValue('');
    expect(within(switcher).getAllByRole('option')[0]).toHaveTextContent('Choose a store');
    expect(screen.queryByRole('navigation', { name: /^Sections of/ })).not.toBeInTheDocument();
  });

  it('a store administrator of one store sees no switcher and no operator pages', async () => {
    fakeConsoleApi().on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: [STORES[0]] } }));
    renderConsole({ roles: ['store_admin'], path: '/admin/stores/awwa/settings' });
    expect(await screen.findByRole('navigation', { name: 'Sections of AWWA Store' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Switch store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Platform' })).not.toBeInTheDocument();
  });

  it('the drawer: a named button opens it, focus goes in and stays in, Escape closes it and focus returns', async () => {
    withStores();
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'], path: '/admin/stores/awwa/deliveries' });
    await screen.findByRole('navigation', { name: 'Sections of AWWA Store' });
    const menu = screen.getByRole('button', { name: 'Console menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const drawer = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(drawer).not.toBeNull();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const close = within(drawer as HTMLElement).getByRole('button', { name: 'Close the menu' });
    await waitFor(() => expect(close).toHaveFocus());
    // The screen behind it is out of reach while it is open.
    expect(document.querySelector('.tw-console__content')).toHaveAttribute('inert');

    // Shift+Tab from the first control goes round to the last; Tab from the last back to the first.
    await user.tab({ shift: true });
    expect(
      within(drawer as HTMLElement).getByRole('link', { name: 'Audit log of every store' }),
    ).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(menu).toHaveFocus());
    expect(document.querySelector('.tw-console__content')).not.toHaveAttribute('inert');
  });

  it('choosing a section in the drawer opens it and closes the drawer', async () => {
    withStores();
    const user = userEvent.setup();
    const { router } = renderConsole({ roles: ['platform_operator'], path: '/admin/stores/awwa/deliveries' });
    await screen.findByRole('navigation', { name: 'Sections of AWWA Store' });
    const menu = screen.getByRole('button', { name: 'Console menu' });
    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stores/awwa/audit'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
