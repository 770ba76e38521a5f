import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_PATHS,
  type ConsoleUserDetail,
  type ConsoleUserSummary,
  consoleUserActionsFor,
} from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/users';
const ID = '0a8f5a54-8e34-4b7a-9a4e-5c1a1f0b2c3d';
const summary = (over: Partial<ConsoleUserSummary> = {}): ConsoleUserSummary => ({
  id: ID,
  login: 'ann@shop.example',
  email: 'ann@shop.example',
  firstName: 'Ann',
  lastName: 'Shopper',
  status: 'ACTIVE',
  created: '2026-11-01T09:00:00Z',
  lastLogin: null,
  ...over,
});
/** The user as the server answers it: its actions from the contracts' one rule. */
const detailOf = (user: ConsoleUserSummary, self = false): ConsoleUserDetail => ({
  user: { ...user, locale: null, activated: null, statusChanged: null, passwordChanged: null },
  actions: consoleUserActionsFor(user.status, { hasFactors: true, self }),
  self,
  factors: [{ id: 'f1', factorType: 'token:software:totp', provider: 'GOOGLE', status: 'ACTIVE' }],
  sessions: [
    {
      id: 's1',
      browser: 'Firefox 140',
      os: 'Linux',
      ipAddress: '203.0.113.9',
      signedInAt: '2026-11-25T09:00:00Z',
      lastActiveAt: '2026-11-25T10:00:00Z',
    },
  ],
  trackings: {
    count: 1,
    standards: [{ designation: 'D638-22', title: 'Tensile', createdAt: '2026-11-02T09:00:00Z' }],
    committees: [],
    industryAreas: [],
    publishers: [],
    workItems: false,
  },
  deliveries: [],
});

function usersApi(users: ConsoleUserSummary[] = [summary()]) {
  const state = { users: [...users], next: null as string | null, self: false };
  const api = fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.storeUsers, () => ({
      status: 200,
      body: { users: state.users, nextAfter: state.next },
    }))
    .on('GET', CONSOLE_PATHS.storeUser, () => {
      const user = state.users[0];
      if (!user) return { status: 404, body: { message: 'This store has no such user.' } };
      return { status: 200, body: detailOf(user, state.self) };
    })
    .on('POST', CONSOLE_PATHS.storeUserAction, (_call, params) => {
      const user = state.users[0]!;
      const next = { deactivate: 'DEPROVISIONED', activate: 'PROVISIONED' } as const;
      const status = next[params.action as keyof typeof next];
      if (status) state.users[0] = { ...user, status };
      return { status: 200, body: detailOf(state.users[0]!) };
    })
    .on('DELETE', CONSOLE_PATHS.storeUser, () => {
      state.users = [];
      return { status: 204 };
    });
  return { api, state };
}

describe('Users', { timeout: 20_000 }, () => {
  it('searches by text and status, opens a user, deactivates and deletes it behind confirmations', async () => {
    const { api } = usersApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: "The store's users" });
    // The one name order of the header, the list and the detail: last name, then first name.
    expect(within(table).getByRole('cell', { name: 'Shopper Ann' })).toBeInTheDocument();

    // The form is a <search> landmark (jsdom does not map that element to its role yet; Chromium does).
    const search = screen.getByRole('button', { name: 'Search' }).closest('form')!;
    await user.type(
      within(search).getByRole('searchbox', { name: 'Login, e-mail or name starts with' }),
      'ann',
    );
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Status' }), 'Active');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = api.callsTo('GET', '/api/console/v1/stores/awwa/users').at(-1);
      expect(last?.query.get('q')).toBe('ann');
      expect(last?.query.get('status')).toBe('ACTIVE');
    });

    await user.click(within(table).getByRole('button', { name: 'Open ann@shop.example' }));
    const heading = await screen.findByRole('heading', { name: 'ann@shop.example' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Tracked standards: 1')).toBeInTheDocument();
    const name = screen.getAllByText('Shopper Ann').find((el) => el.tagName === 'DD');
    expect(name).toBeInTheDocument();
    expect(screen.getByText(/Firefox 140, Linux · 203\.0\.113\.9/)).toBeInTheDocument();
    expect(screen.getByText('token:software:totp (GOOGLE)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate' });
    expect(dialog).toHaveTextContent('their tokens stop working');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('ann@shop.example is deactivated.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/console/v1/stores/awwa/users/${ID}/actions/deactivate`)).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('ann@shop.example was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ann@shop.example' })).not.toBeInTheDocument();
    expect(await screen.findByText('No user matches this search.')).toBeInTheDocument();
  });

  it('offers a staged user Activate, not Reactivate', async () => {
    const { api } = usersApi([summary({ status: 'STAGED' })]);
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Open ann@shop.example' }));
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(screen.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Activate' });
    expect(dialog).toHaveTextContent('e-mailed a link to set one');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('ann@shop.example is activated.')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/console/v1/stores/awwa/users/${ID}/actions/activate`)).toHaveLength(1);
    const table = screen.getByRole('table', { name: "The store's users" });
    expect(await within(table).findByRole('cell', { name: 'Waiting for activation' })).toBeInTheDocument();
  });

  it('offers a user waiting for activation a new activation e-mail', async () => {
    const { api } = usersApi([summary({ status: 'PROVISIONED' })]);
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Open ann@shop.example' }));
    await user.click(await screen.findByRole('button', { name: 'Resend activation e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend activation e-mail' });
    expect(dialog).toHaveTextContent('will be e-mailed a new link to set a password');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(
      await screen.findByText('A new activation link was e-mailed to ann@shop.example.'),
    ).toBeInTheDocument();
    expect(
      api.callsTo('POST', `/api/console/v1/stores/awwa/users/${ID}/actions/resend_activation`),
    ).toHaveLength(1);
  });

  it('on your own account, offers no lock, deactivate or delete, and says it is you', async () => {
    const { state } = usersApi();
    state.self = true;
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Open ann@shop.example' }));
    expect(await screen.findByText(/^This is you: locking, deactivating/)).toBeInTheDocument();
    for (const name of ['Lock', 'Deactivate', 'Delete', 'Send a password reset', 'Reset MFA factors'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('words a refusal by its error code, not the server’s English message', async () => {
    const { api } = usersApi();
    api.on('POST', CONSOLE_PATHS.storeUserAction, () => ({
      status: 409,
      body: { status: '409', error: 'own_account', message: 'Server words.' },
    }));
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Open ann@shop.example' }));
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Lock' })).getByRole('button', { name: 'Yes' }),
    );
    expect(
      await screen.findByText('You cannot do this to your own account: another administrator must do it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Server words.')).not.toBeInTheDocument();
  });

  it('answering No changes nothing', async () => {
    const { api } = usersApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Open ann@shop.example' }));
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Lock' })).getByRole('button', { name: 'No' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/console/v1/stores/awwa/users/${ID}/actions/lock`)).toHaveLength(0);
  });

  it('pages with the cursor the server gives, and back', async () => {
    const { api, state } = usersApi();
    state.next = ID;
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/console/v1/stores/awwa/users').at(-1)?.query.get('after')).toBe(ID),
    );
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    // Back on the first page (its answer is cached): no way further back.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument(),
    );
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const { api } = usersApi();
    let fail = true;
    api.on('GET', CONSOLE_PATHS.storeUsers, () =>
      fail
        ? { status: 500, body: { message: 'boom' } }
        : { status: 200, body: { users: [], nextAfter: null } },
    );
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No user matches this search.')).toBeInTheDocument();
  });

  it('is not in a catalogue editor’s sections', async () => {
    usersApi();
    renderConsole({ roles: ['catalog_editor'], path: '/admin/stores/awwa/catalog' });
    await screen.findByRole('navigation', { name: /Sections of/ });
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('lists every kind of tracking: a user who tracks only a committee is not shown as tracking nothing', async () => {
    const { api } = usersApi();
    api.on('GET', CONSOLE_PATHS.storeUser, () => {
      const detail = detailOf(summary());
      return {
        status: 200,
        body: {
          ...detail,
          trackings: { ...detail.trackings, count: 0, standards: [], committees: ['D20'], workItems: true },
        },
      };
    });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const table = await screen.findByRole('table', { name: "The store's users" });
    await user.click(within(table).getByRole('button', { name: 'Open ann@shop.example' }));
    await screen.findByRole('heading', { name: 'What the user tracks' });
    expect(screen.getByText('Tracked standards: 0')).toBeInTheDocument();
    expect(screen.getByText('Committees: 1').nextElementSibling).toHaveTextContent('D20');
    expect(screen.getByText('Industry areas: 0')).toBeInTheDocument();
    expect(screen.getByText('Work items').nextElementSibling).toHaveTextContent('Followed');
    expect(screen.queryByText('Tracks nothing.')).not.toBeInTheDocument();
  });

  it('shows the users in a named scroll region reachable by keyboard, each cell named for the narrow card', async () => {
    usersApi();
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const region = await screen.findByRole('region', { name: "The store's users" });
    expect(region).toHaveAttribute('tabindex', '0');
    const row = within(region).getAllByRole('row')[1]!;
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['Name', 'Login', 'Status', 'Last sign-in', null]);
    // The last sign-in can be put away from the columns menu; Open stays.
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Last sign-in' }));
    expect(within(region).queryByRole('columnheader', { name: 'Last sign-in' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Open ann@shop.example' })).toBeVisible();
  });
});
