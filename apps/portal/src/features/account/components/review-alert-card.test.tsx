import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_ALERT_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => dismissToasts());

const saves = (calls: ReturnType<typeof stubMyAccount>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === REVIEW_ALERT_PATH).map((c) => c.body);

describe('Preferences: the alert before a forecast review', { timeout: 20_000 }, () => {
  it('is off at first; turning it on saves 6 months ahead, choosing 3 saves that, then off again', async () => {
    const { calls } = stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const section = within(
      (await screen.findByRole('heading', { name: 'Review alerts' })).closest('section')!,
    );
    const toggle = await section.findByRole('switch', { name: 'E-mail me before a forecast review' });
    expect(toggle).not.toBeChecked();
    expect(section.getByRole('combobox', { name: 'Months before the date' })).toBeDisabled();

    await user.click(toggle);
    expect(await screen.findByText('Review alerts on: 6 months ahead.')).toBeInTheDocument();
    const months = section.getByRole('combobox', { name: 'Months before the date' });
    await waitFor(() => expect(months).toBeEnabled());
    await user.selectOptions(months, '3');
    expect(await screen.findByText('Review alerts on: 3 months ahead.')).toBeInTheDocument();
    await waitFor(() => expect(section.getByRole('switch')).toBeEnabled());
    await user.click(section.getByRole('switch'));
    expect(await screen.findByText('Review alerts off.')).toBeInTheDocument();
    expect(saves(calls)).toEqual([
      { userId: USER_ID, enabled: true, monthsBefore: 6 },
      { userId: USER_ID, enabled: true, monthsBefore: 3 },
      { userId: USER_ID, enabled: false, monthsBefore: 3 },
    ]);
  });
});
