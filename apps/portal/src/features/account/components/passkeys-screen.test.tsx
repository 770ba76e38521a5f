import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountPasskey } from '../lib/passkeys.ts';
import { stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

/** The browser's WebAuthn call, as @simplewebauthn/browser makes it: here it answers, or the user cancels. */
const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args),
}));

afterEach(() => {
  dismissToasts();
  vi.restoreAllMocks();
  startRegistration.mockReset();
});

const reply = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** `fetch` answering the passkey calls from `passkeys`, everything else as stubMyAccount does. */
function stubPasskeys(passkeys: AccountPasskey[]) {
  const fallback = stubMyAccount().fetchMock.getMockImplementation()!;
  const posted: unknown[] = [];
  const renames: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname === '/idp/myaccount/webauthn/registration')
      return reply(200, { options: { challenge: 'c2FtcGxl', rp: { name: 'Store', id: 'localhost' } } });
    if (url.pathname === '/idp/myaccount/webauthn' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { name: string };
      posted.push(body);
      const added = { id: 'pky2', name: body.name, createdAt: '2026-03-05T09:00:00Z', lastUsedAt: null };
      passkeys.push(added);
      return reply(201, added);
    }
    if (url.pathname === '/idp/myaccount/webauthn') return reply(200, passkeys);
    const one = /^\/idp\/myaccount\/webauthn\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { name: string };
      renames.push(body);
      if (body.name === 'Taken')
        return reply(400, {
          errorCode: 'E0000001',
          errorSummary: 'Api validation failed: name',
          errorCauses: [{ errorSummary: 'name: the server refuses this one' }],
        });
      const passkey = passkeys.find((p) => p.id === one[1])!;
      passkey.name = body.name;
      return reply(200, passkey);
    }
    if (one && method === 'DELETE') {
      passkeys.splice(
        passkeys.findIndex((p) => p.id === one[1]),
        1,
      );
      return reply(204, null);
    }
    return fallback(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, renames };
}

const laptop: AccountPasskey = {
  id: 'pky1',
  name: 'Laptop',
  createdAt: '2026-03-01T08:00:00Z',
  lastUsedAt: '2026-03-02T08:30:00Z',
};

describe('Passkeys', { timeout: 20_000 }, () => {
  it('says when there is none, adds one named by the user (the browser creates it)', async () => {
    const { posted } = stubPasskeys([]);
    startRegistration.mockResolvedValue({ id: 'cred', response: { clientDataJSON: 'x' } });
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('The passkey was added.')).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({ challenge: 'c2FtcGxl' }),
    });
    expect(posted).toEqual([
      { credential: { id: 'cred', response: { clientDataJSON: 'x' } }, name: 'Work phone' },
    ]);
    const item = (await screen.findByText('Work phone')).closest('li')!;
    expect(within(item).getByText('Never')).toBeInTheDocument();
  });

  it('lists when each was added and last used, and removes one after confirming', async () => {
    stubPasskeys([{ ...laptop }]);
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    const item = (await screen.findByText('Laptop')).closest('li')!;
    expect(within(item).getByText('Added')).toBeInTheDocument();
    expect(within(item).getByText('Last used')).toBeInTheDocument();
    expect(within(item).queryByText('Never')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with “Laptop”.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The passkey was removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You have no passkeys yet.')).toBeInTheDocument());
  });

  it('a cancelled browser prompt adds nothing and says so', async () => {
    const { posted } = stubPasskeys([]);
    startRegistration.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('The passkey was not created: the request was cancelled or timed out.'),
    ).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('renames one: the form opens on the current name, saves, announces, and gives the focus back', async () => {
    const { renames } = stubPasskeys([{ ...laptop }]);
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    await user.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByRole('textbox', { name: 'New name for “Laptop”' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Laptop');
    await user.clear(field);
    await user.type(field, '  Work laptop ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passkey is now called “Work laptop”.')).toBeInTheDocument();
    expect(renames).toEqual([{ name: 'Work laptop' }]);
    const again = await screen.findByRole('button', { name: 'Rename Work laptop' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
  });

  it('names the field of a refused name — by the contract’s rule before sending, then the server’s', async () => {
    const { renames } = stubPasskeys([{ ...laptop }]);
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    await user.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByRole('textbox', { name: 'New name for “Laptop”' });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: enter a name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Name: enter a name.');
    await user.clear(field);
    await user.type(field, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name: at most 100 characters.');
    expect(renames).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('name: the server refuses this one'),
    );
    expect(renames).toEqual([{ name: 'Taken' }]);
    expect(field).toHaveFocus();
    expect(screen.getByText('Laptop')).toBeInTheDocument(); // unchanged
  });

  it('Escape or Cancel closes the form without renaming, and the focus returns to Rename', async () => {
    const { renames } = stubPasskeys([{ ...laptop }]);
    const user = userEvent.setup();
    renderAccount({ path: '/account/passkeys' });
    const rename = await screen.findByRole('button', { name: 'Rename Laptop' });
    await user.click(rename);
    await user.type(screen.getByRole('textbox', { name: 'New name for “Laptop”' }), ' changed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Laptop' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'New name for “Laptop”' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename Laptop' })).toHaveFocus());
    expect(renames).toEqual([]);
  });
});
