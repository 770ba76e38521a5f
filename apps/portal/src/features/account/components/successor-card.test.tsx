import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUCCESSOR_PREFERENCE_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => dismissToasts());

const saves = (calls: ReturnType<typeof stubMyAccount>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === SUCCESSOR_PREFERENCE_PATH);

describe('Preferences: following replaced standards', { timeout: 20_000 }, () => {
  it('is off at first; turning it on is saved, and the card then has nothing left to save', async () => {
    const { calls, state } = stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const card = (await screen.findByRole('heading', { name: 'Replaced standards' })).closest('section')!;
    const box = await within(card).findByRole('checkbox', { name: 'Follow successors automatically' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'Off: the e-mail about the replacement has a button to track the new standard instead.',
    );
    const save = within(card).getByRole('button', { name: 'Save replacement choice' });
    expect(save).toBeDisabled();

    await user.click(box);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(
      await screen.findByText('Your choice about replaced standards has been saved.'),
    ).toBeInTheDocument();
    expect(saves(calls).map((c) => c.body)).toEqual([{ userId: USER_ID, followAutomatically: true }]);
    expect(state.successorPreference).toEqual({ followAutomatically: true });
    // The toast comes one render before the button leaves "Saving…" and the form takes the saved value.
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Save replacement choice' })).toBeDisabled(),
    );
    expect(within(card).getByRole('checkbox', { name: 'Follow successors automatically' })).toBeChecked();
  });

  it("shows the server's refusal in words and keeps the choice", async () => {
    const fake = buildFakeState();
    fake.failures.set(`PUT ${SUCCESSOR_PREFERENCE_PATH}`, {
      status: 400,
      body: { status: '400', error: 'validation_error', message: 'followAutomatically: expected a boolean.' },
    });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    await user.click(await screen.findByRole('checkbox', { name: 'Follow successors automatically' }));
    await user.click(screen.getByRole('button', { name: 'Save replacement choice' }));
    expect(
      await screen.findByText(
        'Your choice about replaced standards could not be saved: followAutomatically: expected a boolean.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Follow successors automatically' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save replacement choice' })).toBeEnabled(),
    );
  });

  it('says so when the choice cannot be loaded, and tries again', async () => {
    const fake = buildFakeState();
    fake.failures.set(`GET ${SUCCESSOR_PREFERENCE_PATH}`, { status: 500, body: { status: '500' } });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const alert = (
      await screen.findByText('Your choice about replaced standards could not be loaded.')
    ).closest('[role=alert]');
    fake.failures.clear();
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('checkbox', { name: 'Follow successors automatically' }),
    ).toBeInTheDocument();
  });
});
