import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_PREFERENCES_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => dismissToasts());

const tracked = {
  kinds: [
    'new_edition',
    'amendment',
    'editorial_change',
    'reaffirmation',
    'withdrawal',
    'reinstatement',
    'work_item',
    'cited_change',
  ] as const,
  sources: [
    { type: 'COMMITTEE' as const, value: 'D20', kinds: null },
    { type: 'PUBLISHERS' as const, value: 'PUB1', kinds: ['withdrawal' as const] },
  ],
};
const saves = (calls: ReturnType<typeof stubMyAccount>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === NOTIFICATION_PREFERENCES_PATH);

describe("Preferences: which changes you're told about", { timeout: 20_000 }, () => {
  it('shows the kinds and each tracked source; saves the kinds and a committee made "withdrawals only"', async () => {
    const { calls, state } = stubMyAccount(
      buildFakeState({ notificationPreferences: { kinds: [...tracked.kinds], sources: tracked.sources } }),
    );
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const all = await screen.findByRole('group', { name: 'Tell me about' });
    expect(within(all).getAllByRole('checkbox')).toHaveLength(9);
    expect(within(all).getByRole('checkbox', { name: 'Withdrawals' })).toBeChecked();
    // Cited standards: normative citations are told by default, informative ones only when chosen.
    expect(
      within(all).getByRole('checkbox', { name: 'A standard you track cites a changed standard' }),
    ).toBeChecked();
    expect(
      within(all).getByRole('checkbox', { name: '…including its informative references (bibliography)' }),
    ).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save choices' });
    expect(save).toBeDisabled(); // nothing changed yet

    await user.click(within(all).getByRole('checkbox', { name: 'Editorial changes' }));
    const committee = screen.getByRole('switch', { name: 'Committee D20: as above' });
    expect(screen.getByRole('switch', { name: 'Publisher PUB1: its own choice' })).toBeChecked();
    await user.click(committee);
    const own = screen.getByRole('group', { name: 'Kinds of change for Committee D20' });
    for (const kind of [
      'New editions and new standards',
      'Amendments',
      'Reaffirmations',
      'Reinstatements',
      'Work items',
      'A standard you track cites a changed standard',
    ])
      await user.click(within(own).getByRole('checkbox', { name: kind }));
    await user.click(within(own).getByRole('checkbox', { name: 'Editorial changes' }));
    expect(within(own).getByRole('checkbox', { name: 'Withdrawals' })).toBeChecked();
    await user.click(save);

    expect(await screen.findByText('Your choices have been saved.')).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]?.body).toEqual({
      userId: USER_ID,
      kinds: [
        'new_edition',
        'amendment',
        'reaffirmation',
        'withdrawal',
        'reinstatement',
        'work_item',
        'cited_change',
      ],
      sources: [{ type: 'COMMITTEE', value: 'D20', kinds: ['withdrawal'] }], // only what changed
    });
    expect(state.notificationPreferences.sources[0]).toEqual({
      type: 'COMMITTEE',
      value: 'D20',
      kinds: ['withdrawal'],
    });
    expect(await screen.findByRole('switch', { name: 'Committee D20: its own choice' })).toBeChecked();
  });

  it('asks for at least one kind before any call, and shows the server’s refusal in words', async () => {
    const fake = buildFakeState({ notificationPreferences: { kinds: ['withdrawal'], sources: [] } });
    const { calls } = stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const all = await screen.findByRole('group', { name: 'Tell me about' });
    await user.click(within(all).getByRole('checkbox', { name: 'Withdrawals' }));
    expect(within(all).getByRole('alert')).toHaveTextContent('Choose at least one kind of change.');
    expect(screen.getByRole('button', { name: 'Save choices' })).toBeDisabled();
    expect(saves(calls)).toHaveLength(0);

    fake.failures.set(`PUT ${NOTIFICATION_PREFERENCES_PATH}`, {
      status: 400,
      body: { status: '400', error: 'validation_error', message: 'Some sources are not tracked by you.' },
    });
    await user.click(within(all).getByRole('checkbox', { name: 'Amendments' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(
      await screen.findByText('Your choices could not be saved: Some sources are not tracked by you.'),
    ).toBeInTheDocument();
    expect(within(all).getByRole('checkbox', { name: 'Amendments' })).toBeChecked(); // the choice is kept
  });

  it('says so when the choices cannot be loaded, and tries again', async () => {
    const fake = buildFakeState();
    fake.failures.set(`GET ${NOTIFICATION_PREFERENCES_PATH}`, { status: 500, body: { status: '500' } });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    expect(await screen.findByText('Your choices could not be loaded.')).toBeInTheDocument();
    fake.failures.clear();
    await user.click(screen.getAllByRole('button', { name: 'Try again' }).at(-1)!);
    expect(await screen.findByRole('group', { name: 'Tell me about' })).toBeInTheDocument();
    expect(screen.queryByText('By what you track')).not.toBeInTheDocument(); // nothing tracked, no sources
  });
});
