import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { buildDevices, stubAccountData } from '../testing/fake-account-data.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(() => {
  dismissToasts();
  vi.restoreAllMocks();
});

describe('Devices', { timeout: 20_000 }, () => {
  it('lists the signed-in devices with this one marked, and signs one out', async () => {
    const { state } = stubAccountData();
    const user = userEvent.setup();
    renderAccount({ path: '/account/devices' });
    expect(await screen.findByText('Chrome 131 on Linux')).toBeInTheDocument();
    expect(screen.getByText('Firefox 133 on Windows')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.2')).toBeInTheDocument();
    // only the other device has its own sign-out button
    expect(screen.getAllByRole('button', { name: /^Sign out .+ on / })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox 133 on Windows' }));
    expect(await screen.findByText('The device was signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Windows')).not.toBeInTheDocument());
    expect(state.devices.map((d) => d.id)).toEqual(['sess-this']);
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
  });

  it('"Sign out everywhere else" keeps this device', async () => {
    const devices = [...buildDevices(), { ...buildDevices()[1]!, id: 'sess-3', browser: '', os: '' }];
    const { state } = stubAccountData(devices);
    const user = userEvent.setup();
    renderAccount({ path: '/account/devices' });
    expect(await screen.findByText('Unknown browser')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Every other device was signed out.')).toBeInTheDocument();
    expect(state.devices.map((d) => d.id)).toEqual(['sess-this']);
  });

  it('a failed load says so and offers Try again', async () => {
    stubAccountData(buildDevices(), {
      'GET /idp/myaccount/sessions': {
        status: 500,
        body: { errorCode: 'E0000009', errorSummary: 'Internal' },
      },
    });
    renderAccount({ path: '/account/devices' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('the navigation offers Devices and Your data', async () => {
    stubAccountData();
    renderAccount({ path: '/account/devices' });
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('href', '/account/devices');
    expect(within(nav).getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/account/data');
  });

  it('a store signing in on a real Okta org (another origin) is not offered them', async () => {
    stubAccountData();
    renderAccount({ tenant: buildTenantConfig({ 'issuer-uri': 'https://example.okta.com/oauth2/default' }) });
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Devices' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Your data' })).not.toBeInTheDocument();
  });
});

describe('Your data', { timeout: 20_000 }, () => {
  it('downloads the export as a JSON file', async () => {
    const { fetchMock } = stubAccountData();
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAccount({ path: '/account/data' });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded.')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('account-data-2026-03-04.json');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/idp/myaccount/export'))).toBe(true);
  });

  it('deleting asks first; No deletes nothing', async () => {
    const { state } = stubAccountData();
    const user = userEvent.setup();
    renderAccount({ path: '/account/data' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(state.deleted).toBe(false);
  });

  it('a sign-in that is too old: the screen asks to sign in again', async () => {
    const { state } = stubAccountData(buildDevices(), {
      'DELETE /idp/myaccount/account': {
        status: 403,
        body: { errorCode: 'E0000006', errorSummary: 'You do not have permission' },
        headers: { 'www-authenticate': 'Bearer error="insufficient_authentication_context", max_age=900' },
      },
    });
    const user = userEvent.setup();
    renderAccount({ path: '/account/data' });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/needs a recent sign-in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(state.deleted).toBe(false);
  });
});
