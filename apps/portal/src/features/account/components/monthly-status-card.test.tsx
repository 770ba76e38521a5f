import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONTHLY_STATUS_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { timeZoneLabel } from '../lib/time-zones.ts';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => dismissToasts());

const saves = (calls: ReturnType<typeof stubMyAccount>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === MONTHLY_STATUS_PATH);
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const card = async () =>
  within((await screen.findByRole('heading', { name: 'Monthly status of your list' })).closest('section')!);

describe('Preferences: the monthly status of your list', { timeout: 20_000 }, () => {
  it('is off at first; turning it on saves it with the browser’s zone, and off again', async () => {
    const { calls, state } = stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const section = await card();
    const toggle = await section.findByRole('switch', { name: 'Send me the monthly status of my list' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      `Sent on the 1st of each month at 8:00 AM (\u2068${timeZoneLabel(browserZone, 'en', false)}\u2069), the time and zone of your digest.`,
    );

    await user.click(toggle);
    expect(await screen.findByText('The monthly status of your list is on.')).toBeInTheDocument();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { userId: USER_ID, enabled: true, timeZone: browserZone },
    ]);
    expect(state.monthlyStatus).toBe(true);
    await waitFor(() => expect(section.getByRole('switch', { checked: true })).toBeEnabled());

    await user.click(section.getByRole('switch'));
    expect(await screen.findByText('The monthly status of your list is off.')).toBeInTheDocument();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { userId: USER_ID, enabled: true, timeZone: browserZone },
      { userId: USER_ID, enabled: false, timeZone: browserZone },
    ]);
    expect(await section.findByRole('switch', { checked: false })).toBeInTheDocument();
  });

  it('follows the digest’s hour and zone when the user chose them', async () => {
    const fake = buildFakeState();
    fake.notificationFrequency = { frequency: 'daily', hour: 18, weekday: 1, timeZone: 'America/New_York' };
    const { calls } = stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const toggle = await (await card()).findByRole('switch');
    expect(toggle).toHaveAccessibleDescription(
      'Sent on the 1st of each month at 6:00 PM (\u2068Eastern Time — \u2068New York\u2069\u2069), the time and zone of your digest.',
    );
    await user.click(toggle);
    expect(await screen.findByText('The monthly status of your list is on.')).toBeInTheDocument();
    expect(saves(calls)[0]!.body).toEqual({ userId: USER_ID, enabled: true, timeZone: 'America/New_York' });
  });

  it("shows the server's refusal in words and stays off", async () => {
    const fake = buildFakeState();
    fake.failures.set(`PUT ${MONTHLY_STATUS_PATH}`, {
      status: 400,
      body: { status: '400', error: 'validation_error', message: 'timeZone: not a time zone.' },
    });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const section = await card();
    await user.click(await section.findByRole('switch'));
    expect(
      await screen.findByText('The monthly status could not be saved: timeZone: not a time zone.'),
    ).toBeInTheDocument();
    // The toast comes from the mutation's error handler, a moment before the switch is enabled again.
    await waitFor(() => expect(section.getByRole('switch')).toBeEnabled());
    expect(section.getByRole('switch')).not.toBeChecked();
  });

  it('says so when it cannot be loaded, and tries again', async () => {
    const fake = buildFakeState();
    fake.failures.set(`GET ${MONTHLY_STATUS_PATH}`, { status: 500, body: { status: '500' } });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const section = await card();
    const alert = await section.findByRole('alert');
    expect(alert).toHaveTextContent('The monthly status could not be loaded.');
    fake.failures.delete(`GET ${MONTHLY_STATUS_PATH}`);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('switch', { checked: false })).toBeInTheDocument();
  });
});
