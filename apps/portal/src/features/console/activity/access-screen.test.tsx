import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeConsoleApi } from '../testing/fake-console-api.ts';
import { dismissToasts, renderConsole } from '../testing/render-console.tsx';

afterEach(dismissToasts);

const STORES = [
  { code: 'awwa', name: 'AWWA Store', canonicalHost: 'awwa.localhost', hosts: ['awwa.localhost'] },
];
const PATH = '/admin/stores/awwa/access';
const GRANT = {
  userId: 'u1',
  login: 'ed@awwa.example',
  role: 'catalog_editor',
  grantedAt: '2026-11-01T09:00:00Z',
};
const KEY = {
  id: '5',
  label: 'ERP feed',
  createdAt: '2026-11-01T09:00:00Z',
  revokedAt: null as string | null,
};

function accessApi({
  grants = [GRANT],
  keys = [KEY],
  clients = [] as unknown[],
  tokens = [] as (typeof KEY)[],
} = {}) {
  const state = { grants: [...grants], keys: [...keys], clients: [...clients], tokens: [...tokens] };
  const api = fakeConsoleApi()
    .on('GET', CONSOLE_PATHS.stores, () => ({ status: 200, body: { stores: STORES } }))
    .on('GET', CONSOLE_PATHS.storeRoles, () => ({ status: 200, body: { grants: state.grants } }))
    .on('GET', CONSOLE_PATHS.storeApiKeys, () => ({ status: 200, body: { keys: state.keys } }))
    .on('GET', CONSOLE_PATHS.storeProvisioningTokens, () => ({ status: 200, body: { keys: state.tokens } }))
    .on('GET', CONSOLE_PATHS.storeClients, () => ({ status: 200, body: { clients: state.clients } }));
  return { api, state };
}

describe('People and keys', { timeout: 20_000 }, () => {
  it('creates an API key: shown once with a copy button and a warning, gone after leaving', async () => {
    const { api, state } = accessApi({ keys: [] });
    api.on('POST', CONSOLE_PATHS.storeApiKeys, (call) => {
      const created = {
        id: '9',
        label: (call.body as { label: string }).label,
        createdAt: '2026-11-25T10:00:00Z',
        revokedAt: null,
      };
      state.keys.push(created);
      return { status: 201, body: { ...created, key: 'twk_secret_value_123' } };
    });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByText('This store has no API key yet.')).toBeInTheDocument();
    const keys = screen.getByRole('region', { name: 'Publisher API keys' });
    await user.type(within(keys).getByRole('textbox', { name: 'Label' }), 'Nightly feed');
    await user.click(within(keys).getByRole('button', { name: 'Create an API key' }));
    const secret = await within(keys).findByRole('textbox', { name: 'The new API key' });
    expect(secret).toHaveValue('twk_secret_value_123');
    expect(within(keys).getByRole('heading', { name: 'API key "Nightly feed" created' })).toHaveFocus();
    expect(keys).toHaveTextContent('it will not be shown again');
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/api-keys')[0]!.body).toEqual({
      label: 'Nightly feed',
    });
    await user.click(within(keys).getByRole('button', { name: 'Copy' }));
    expect(await within(keys).findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('twk_secret_value_123');
    expect(await within(keys).findByRole('cell', { name: 'Nightly feed' })).toBeInTheDocument();
    // Leaving the section and coming back: the key is not shown again.
    api.on('GET', CONSOLE_PATHS.storeAudit, () => ({ status: 200, body: { entries: [], nextCursor: null } }));
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByText('The audit log of this store is empty.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'People and keys' }));
    expect(await screen.findByRole('cell', { name: 'Nightly feed' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('twk_secret_value_123')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('twk_secret_value_123');
  });

  it('creates a Users API token on its own path, shown once, and revokes it after a confirmation', async () => {
    const { api, state } = accessApi();
    api
      .on('POST', CONSOLE_PATHS.storeProvisioningTokens, (call) => {
        const created = {
          id: '12',
          label: (call.body as { label: string }).label,
          createdAt: '2026-11-26T10:00:00Z',
          revokedAt: null,
        };
        state.tokens.push(created);
        return { status: 201, body: { ...created, key: '00tw_users_token_456' } };
      })
      .on('DELETE', CONSOLE_PATHS.storeProvisioningToken, () => {
        state.tokens = [{ ...state.tokens[0]!, revokedAt: '2026-11-26T11:00:00Z' }];
        return { status: 200, body: state.tokens[0] };
      });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const tokens = await screen.findByRole('region', { name: 'Users API tokens' });
    expect(tokens).toHaveTextContent('Authorization: SSWS <token>');
    expect(await within(tokens).findByText('This store has no Users API token yet.')).toBeInTheDocument();
    // The publisher keys beside it are another list: the publisher's key is not a Users API token.
    expect(within(tokens).queryByRole('cell', { name: 'ERP feed' })).not.toBeInTheDocument();
    await user.type(within(tokens).getByRole('textbox', { name: 'Label' }), 'Shop back office');
    await user.click(within(tokens).getByRole('button', { name: 'Create a Users API token' }));
    const secret = await within(tokens).findByRole('textbox', { name: 'The new Users API token' });
    expect(secret).toHaveValue('00tw_users_token_456');
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/provisioning-tokens')[0]!.body).toEqual({
      label: 'Shop back office',
    });
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/api-keys')).toHaveLength(0);
    await user.click(within(tokens).getByRole('button', { name: 'I have kept it' }));
    expect(within(tokens).queryByDisplayValue('00tw_users_token_456')).not.toBeInTheDocument();
    await user.click(
      await within(tokens).findByRole('button', { name: 'Revoke the token Shop back office' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Revoke this Users API token?' });
    expect(dialog).toHaveTextContent('The Users API will refuse the token "Shop back office"');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The token "Shop back office" is revoked.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/console/v1/stores/awwa/provisioning-tokens/12')).toHaveLength(1);
    expect(await within(tokens).findByText(/^Revoked on/)).toBeInTheDocument();
  });

  it('a refused label is shown next to the field', async () => {
    const { api } = accessApi();
    api.on('POST', CONSOLE_PATHS.storeApiKeys, () => ({
      status: 400,
      body: {
        error: 'validation_error',
        message: 'The request is not valid.',
        issues: [{ path: 'body.label', message: 'must not hold markup' }],
      },
    }));
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const keys = await screen.findByRole('region', { name: 'Publisher API keys' });
    const field = within(keys).getByRole('textbox', { name: 'Label' });
    await user.click(within(keys).getByRole('button', { name: 'Create an API key' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a label.'));
    await user.type(field, '<b>');
    await user.click(within(keys).getByRole('button', { name: 'Create an API key' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('must not hold markup')),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes an API key after a confirmation', async () => {
    const { api, state } = accessApi();
    api.on('DELETE', CONSOLE_PATHS.storeApiKey, () => {
      state.keys = [{ ...KEY, revokedAt: '2026-11-25T10:00:00Z' }];
      return { status: 200, body: state.keys[0] };
    });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Revoke the key ERP feed' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(dialog).toHaveTextContent('The change feed will refuse the key "ERP feed"');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The key "ERP feed" is revoked.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/console/v1/stores/awwa/api-keys/5')).toHaveLength(1);
    expect(await screen.findByText(/^Revoked on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the key ERP feed' })).not.toBeInTheDocument();
  });

  it('creates a client (secret, id and token address shown once) and revokes one', async () => {
    const { api, state } = accessApi({ clients: [] });
    api
      .on('POST', CONSOLE_PATHS.storeClients, () => {
        state.clients = [{ clientId: 'catalog-publisher-abc', label: 'ERP' }];
        return {
          status: 201,
          body: {
            clientId: 'catalog-publisher-abc',
            label: 'ERP',
            clientSecret: 's3cr3t',
            tokenUrl: 'http://awwa.localhost/oauth2/default/v1/token',
          },
        };
      })
      .on('DELETE', CONSOLE_PATHS.storeClient, () => {
        state.clients = [];
        return { status: 200, body: { clientId: 'catalog-publisher-abc', label: 'ERP' } };
      });
    const user = userEvent.setup();
    renderConsole({ roles: ['platform_operator'], path: PATH });
    const clients = await screen.findByRole('region', { name: 'Publisher clients (client credentials)' });
    expect(await within(clients).findByText('This store has no publisher client yet.')).toBeInTheDocument();
    await user.type(within(clients).getByRole('textbox', { name: 'Label' }), 'ERP');
    await user.click(within(clients).getByRole('button', { name: 'Create a client' }));
    expect(await within(clients).findByRole('textbox', { name: "The client's secret" })).toHaveValue(
      's3cr3t',
    );
    expect(clients).toHaveTextContent('http://awwa.localhost/oauth2/default/v1/token');
    await user.click(within(clients).getByRole('button', { name: 'I have kept it' }));
    expect(within(clients).queryByDisplayValue('s3cr3t')).not.toBeInTheDocument();
    await user.click(await within(clients).findByRole('button', { name: 'Revoke the client ERP' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke this client?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await within(clients).findByText('This store has no publisher client yet.')).toBeInTheDocument();
  });

  it('grants a role by login, shows an unknown user next to the field, revokes after a confirmation', async () => {
    const { api, state } = accessApi();
    api
      .on('POST', CONSOLE_PATHS.storeRoles, (call) => {
        const { login, role } = call.body as { login: string; role: string };
        if (login !== 'new@awwa.example')
          return { status: 404, body: { error: 'not_found', message: `No user ${login} in store awwa.` } };
        state.grants = [...state.grants, { userId: 'u2', login, role, grantedAt: '2026-11-25T10:00:00Z' }];
        return { status: 200, body: { grants: state.grants } };
      })
      .on('DELETE', CONSOLE_PATHS.storeRoles, (call) => {
        state.grants = state.grants.filter((g) => g.login !== call.query.get('login'));
        return { status: 200, body: { grants: state.grants } };
      });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const roles = await screen.findByRole('region', { name: 'Console roles' });
    const login = within(roles).getByRole('textbox', { name: "User's e-mail address" });
    // A store admin may not hand out the operator role: it is not offered.
    expect(
      within(roles)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Store administrator', 'Catalogue editor']);
    await user.type(login, 'nobody@awwa.example');
    await user.click(within(roles).getByRole('button', { name: 'Grant the role' }));
    await waitFor(() =>
      expect(login).toHaveAccessibleDescription('No user nobody@awwa.example in store awwa.'),
    );
    await user.clear(login);
    await user.type(login, 'new@awwa.example');
    await user.selectOptions(within(roles).getByRole('combobox', { name: 'Role' }), 'store_admin');
    await user.click(within(roles).getByRole('button', { name: 'Grant the role' }));
    expect(await screen.findByText('new@awwa.example is now Store administrator.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/roles')[1]!.body).toEqual({
      login: 'new@awwa.example',
      role: 'store_admin',
    });
    await user.click(
      await within(roles).findByRole('button', { name: 'Revoke Catalogue editor from ed@awwa.example' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke this role?' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(within(roles).queryByText('ed@awwa.example')).not.toBeInTheDocument());
    const [revoke] = api.callsTo('DELETE', '/api/console/v1/stores/awwa/roles');
    expect(Object.fromEntries(revoke!.query)).toEqual({ login: 'ed@awwa.example', role: 'catalog_editor' });
  });

  it('invites someone without an account: the names go with the grant, and the toast says an e-mail is on its way', async () => {
    const { api, state } = accessApi();
    api.on('POST', CONSOLE_PATHS.storeRoles, (call) => {
      const { login, role } = call.body as { login: string; role: string };
      state.grants = [...state.grants, { userId: 'u3', login, role, grantedAt: '2026-11-25T10:00:00Z' }];
      return { status: 200, body: { grants: state.grants, invited: login } };
    });
    const user = userEvent.setup();
    renderConsole({ roles: ['store_admin'], path: PATH });
    const roles = await screen.findByRole('region', { name: 'Console roles' });
    await user.type(
      within(roles).getByRole('textbox', { name: "User's e-mail address" }),
      'ada@awwa.example',
    );
    const invite = within(roles).getByRole('group', { name: /Someone without an account/ });
    await user.type(within(invite).getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(within(invite).getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await user.click(within(roles).getByRole('button', { name: 'Grant the role' }));
    expect(
      await screen.findByText(
        'ada@awwa.example is invited: an e-mail with a link to choose a password is on its way.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/console/v1/stores/awwa/roles')[0]!.body).toEqual({
      login: 'ada@awwa.example',
      role: 'catalog_editor',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(within(invite).getByRole('textbox', { name: 'First name' })).toHaveValue('');
  });

  it('a list that fails shows its reason with "Try again"; an empty one says so', async () => {
    const { api } = accessApi({ grants: [] });
    api.on('GET', CONSOLE_PATHS.storeApiKeys, () => ({
      status: 500,
      body: { error: 'internal', message: 'The database is away.' },
    }));
    renderConsole({ roles: ['store_admin'], path: PATH });
    expect(await screen.findByText('No one holds a console role in this store.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is away.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
