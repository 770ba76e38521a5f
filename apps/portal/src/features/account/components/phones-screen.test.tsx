import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, codeFor, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount } from '../testing/render-account.tsx';

afterEach(dismissToasts);

/** The list item of a number (its value is in a <bdi>; the buttons repeat it for screen readers). */
function row(number: string): HTMLElement {
  const list = screen.getByRole('list', { name: 'Your phone numbers' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.querySelector('bdi')?.textContent === number);
  if (!item) throw new Error(`no row for ${number}`);
  return item;
}

// Journeys of several round trips: jsdom on a shared 2-core machine needs more than the default 5 s.
describe('Phone numbers (spec §4, §7 /idp/myaccount/phones)', { timeout: 20_000 }, () => {
  it('says when there is no number yet', async () => {
    stubMyAccount();
    renderAccount({ path: '/account/phones' });
    expect(await screen.findByText('You have no phone numbers yet.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toBeInTheDocument();
  });

  it('add → an SMS code → verify → VERIFIED', async () => {
    const { state, calls } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/phones' });
    await user.type(await screen.findByRole('textbox', { name: 'Phone number' }), '+1 555 010 0123');
    await user.click(screen.getByRole('button', { name: 'Add and send code' }));
    const form = await screen.findByRole('form', { name: 'Enter the verification code' });
    expect(form).toHaveTextContent('A 6-digit code was sent to: +1 555 010 0123');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/idp/myaccount/phones')?.body).toEqual({
      profile: { phoneNumber: '+1 555 010 0123' },
      sendCode: true,
      method: 'SMS',
    });
    const phone = state.phones[0]!;
    expect(row('+1 555 010 0123')).toHaveTextContent('Not verified');
    await user.type(
      within(form).getByRole('textbox', { name: 'Verification code' }),
      codeFor(state, phone.id),
    );
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('+1 555 010 0123 is verified.')).toBeInTheDocument();
    await waitFor(() => expect(row('+1 555 010 0123')).not.toHaveTextContent('Not verified'));
  });

  it('an unverified number gets a new code on "Verify"', async () => {
    const { state, calls } = stubMyAccount(
      buildFakeState({ phones: [{ id: 'mbl9', phoneNumber: '+15550100999', status: 'UNVERIFIED' }] }),
    );
    const user = userEvent.setup();
    renderAccount({ path: '/account/phones' });
    await user.click(await screen.findByRole('button', { name: 'Verify +15550100999' }));
    const form = await screen.findByRole('form', { name: 'Enter the verification code' });
    expect(calls.find((c) => c.path === '/idp/myaccount/phones/mbl9/challenge')?.body).toEqual({
      method: 'SMS',
    });
    await user.type(within(form).getByRole('textbox', { name: 'Verification code' }), codeFor(state, 'mbl9'));
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(state.phones[0]?.status).toBe('VERIFIED'));
  });

  it('refuses a number the identity provider would refuse, before sending it', async () => {
    const { calls } = stubMyAccount();
    const user = userEvent.setup();
    renderAccount({ path: '/account/phones' });
    const input = await screen.findByRole('textbox', { name: 'Phone number' });
    await user.type(input, '12-ab');
    await user.click(screen.getByRole('button', { name: 'Add and send code' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes a number after Yes', async () => {
    const { state } = stubMyAccount(
      buildFakeState({ phones: [{ id: 'mbl9', phoneNumber: '+15550100999', status: 'VERIFIED' }] }),
    );
    const user = userEvent.setup();
    renderAccount({ path: '/account/phones' });
    await user.click(await screen.findByRole('button', { name: 'Delete +15550100999' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this phone number?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You have no phone numbers yet.')).toBeInTheDocument();
    expect(state.phones).toEqual([]);
  });
});
