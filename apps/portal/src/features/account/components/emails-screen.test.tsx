import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, codeFor, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(dismissToasts);

const withSecondary = () =>
  buildFakeState({
    emails: [
      { id: 'eml1', email: 'mary@acme.example', role: 'PRIMARY', status: 'VERIFIED' },
      { id: 'eml2', email: 'mary@home.example', role: 'SECONDARY', status: 'UNVERIFIED' },
    ],
  });

/** The list item of an address (its name is in a <bdi>; the buttons repeat it for screen readers). */
function row(address: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Your e-mail addresses' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.querySelector('bdi')?.textContent === address);
  if (!item) throw new Error(`no row for ${address}`);
  return item;
}

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('E-mail addresses (spec §3 roles and status, §4, §7 /idp/myaccount/emails)', {
  timeout: 20_000,
}, () => {
  it('lists each address with its PRIMARY/SECONDARY and VERIFIED/UNVERIFIED badges; only a secondary can go', async () => {
    stubMyAccount(withSecondary());
    renderAccount({ path: '/account/emails' });
    const list = await screen.findByRole('list', { name: 'Your e-mail addresses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const primary = row('mary@acme.example');
    expect(primary).toHaveTextContent('Primary');
    expect(primary).toHaveTextContent('Verified');
    expect(within(primary).queryByRole('button')).not.toBeInTheDocument();
    const secondary = row('mary@home.example');
    expect(secondary).toHaveTextContent('Secondary');
    expect(secondary).toHaveTextContent('Not verified');
    expect(within(secondary).getByRole('button', { name: 'Delete mary@home.example' })).toBeInTheDocument();
    expect(within(secondary).getByRole('button', { name: 'Verify mary@home.example' })).toBeInTheDocument();
  });

  it('add → a code is sent → a wrong code is refused → the right code → VERIFIED', async () => {
    const { state, calls } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/emails' });
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'Mary@Work.example');
    await user.click(screen.getByRole('button', { name: 'Add and send code' }));

    const form = await screen.findByRole('form', { name: 'Enter the verification code' });
    expect(form).toHaveTextContent('A 6-digit code was sent to: mary@work.example');
    const code = within(form).getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveFocus();
    expect(row('mary@work.example')).toHaveTextContent('Not verified');
    // The address is added without the server's own e-mail, then challenged: one code, one known challenge.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/idp/myaccount/emails')?.body).toEqual({
      profile: { email: 'Mary@Work.example' },
      sendEmail: false,
      role: 'SECONDARY',
    });
    const challenge = calls.find((c) => /\/emails\/\w+\/challenge$/.test(c.path));
    expect(challenge).toBeDefined();

    await user.type(code, '000001');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText(/That code is not right/)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    const challengeId = [...state.codes.keys()].find((k) => k.startsWith('chl')) as string;
    await user.clear(code);
    await user.type(code, codeFor(state, challengeId));
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('mary@work.example is verified.')).toBeInTheDocument();
    await waitFor(() => expect(row('mary@work.example')).toHaveTextContent('Verified'));
    expect(row('mary@work.example')).not.toHaveTextContent('Not verified');
    expect(screen.queryByRole('form', { name: 'Enter the verification code' })).not.toBeInTheDocument();
  });

  it('"Send a new code" starts a new challenge; the old code no longer works', async () => {
    const { state, calls } = stubMyAccount(withSecondary());
    const user = userEvent.setup();
    renderAccount({ path: '/account/emails' });
    await user.click(await screen.findByRole('button', { name: 'Verify mary@home.example' }));
    const form = await screen.findByRole('form', { name: 'Enter the verification code' });
    const first = [...state.codes.entries()].at(-1)!;
    await user.click(within(form).getByRole('button', { name: 'Send a new code' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('A new code is on its way.');
    expect(calls.filter((c) => /\/emails\/eml2\/challenge$/.test(c.path))).toHaveLength(2);
    const code = within(form).getByRole('textbox', { name: 'Verification code' });
    await user.type(code, first[1]);
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText(/That code is not right/)).toBeInTheDocument();
    const second = [...state.codes.entries()].at(-1)!;
    expect(second[0]).not.toBe(first[0]);
    await user.clear(code);
    await user.type(code, second[1]);
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(row('mary@home.example')).not.toHaveTextContent('Not verified'));
  });

  it('checks the code is 6 digits before sending it', async () => {
    const { calls } = stubMyAccount(withSecondary());
    const user = userEvent.setup();
    renderAccount({ path: '/account/emails' });
    await user.click(await screen.findByRole('button', { name: 'Verify mary@home.example' }));
    const form = await screen.findByRole('form', { name: 'Enter the verification code' });
    await user.type(within(form).getByRole('textbox', { name: 'Verification code' }), '12ab3');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(within(form).getByText('Enter the 6 digits of the code.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/verify'))).toBe(false);
  });

  it('deletes a secondary address only after Yes in the confirmation', async () => {
    const { state } = stubMyAccount(withSecondary());
    const user = userEvent.setup();
    renderAccount({ path: '/account/emails' });
    const remove = await screen.findByRole('button', { name: 'Delete mary@home.example' });
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete this e-mail address?' });
    expect(dialog).toHaveTextContent('mary@home.example will be removed from your account.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(state.emails).toHaveLength(2);
    expect(remove).toHaveFocus();

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete this e-mail address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('mary@home.example has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('mary@home.example')).not.toBeInTheDocument());
    expect(state.emails.map((e) => e.email)).toEqual(['mary@acme.example']);
  });

  it('refuses an address that is not one, and says when it is already on the account', async () => {
    stubMyAccount(withSecondary());
    const user = userEvent.setup();
    renderAccount({ path: '/account/emails' });
    const input = await screen.findByRole('textbox', { name: 'E-mail address' });
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add and send code' }));
    expect(input).toHaveAccessibleDescription('Enter an e-mail address, like name@example.com.');
    await user.clear(input);
    await user.type(input, 'mary@home.example');
    await user.click(screen.getByRole('button', { name: 'Add and send code' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('This address is already on your account.'),
    );
  });
});
