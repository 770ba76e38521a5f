import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_FREQUENCY_PATH, TEST_DIGEST_PATH } from '@trackwell/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildFakeState, stubMyAccount } from '../testing/fake-myaccount.ts';
import { dismissToasts, renderAccount, USER_ID } from '../testing/render-account.tsx';

afterEach(() => dismissToasts());

const saves = (calls: ReturnType<typeof stubMyAccount>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === NOTIFICATION_FREQUENCY_PATH);
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("Preferences: how often you're e-mailed", { timeout: 20_000 }, () => {
  it('starts at "each change at once"; a weekly digest on Wednesday at 7:00 in Tokyo is saved as chosen', async () => {
    const { calls, state } = stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const sendMe = await screen.findByRole('group', { name: 'Send me' });
    expect(within(sendMe).getByRole('radio', { name: 'Each change at once' })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Time' })).not.toBeInTheDocument(); // no digest, no hour

    await user.click(within(sendMe).getByRole('radio', { name: 'A weekly digest' }));
    // The browser's zone is offered until one is saved, and says so.
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue(browserZone);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(
      'Detected from your browser: save to keep it.',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Day' }), 'Wednesday');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), '7:00 AM');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save frequency' }));

    expect(await screen.findByText('Your e-mail frequency has been saved.')).toBeInTheDocument();
    expect(saves(calls).map((c) => c.body)).toEqual([
      { userId: USER_ID, frequency: 'weekly', hour: 7, weekday: 3, timeZone: 'Asia/Tokyo' },
    ]);
    expect(state.notificationFrequency).toMatchObject({ frequency: 'weekly', timeZone: 'Asia/Tokyo' });
    // Saved: nothing left to save, and the zone is the user's own now.
    expect(await screen.findByRole('button', { name: 'Save frequency' })).toBeDisabled();
    expect(screen.queryByText('Detected from your browser: save to keep it.')).not.toBeInTheDocument();
  });

  it('a daily digest asks for the hour and zone but no day', async () => {
    stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    await user.click(await screen.findByRole('radio', { name: 'A daily digest' }));
    expect(screen.getByRole('combobox', { name: 'Time' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
  });

  it('offers UTC and zones by localised name; a zone saved under an old name is selected by its current one', async () => {
    const fake = buildFakeState();
    fake.notificationFrequency = { frequency: 'daily', hour: 8, weekday: 1, timeZone: 'Asia/Calcutta' };
    stubMyAccount(fake);
    renderAccount({ path: '/account/preferences' });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Kolkata');
    expect(within(zone).getByRole('option', { selected: true })).toHaveTextContent(
      'India Standard Time — \u2068Kolkata\u2069 (GMT+5:30)',
    );
    const options = within(zone).getAllByRole('option') as HTMLOptionElement[];
    expect(options[0]).toHaveValue('UTC');
    expect(options[0]).toHaveTextContent('Coordinated Universal Time (UTC)');
    const values = options.map((o) => o.value);
    for (const old of ['Asia/Calcutta', 'Asia/Saigon', 'Europe/Kiev']) expect(values).not.toContain(old);
    expect(values).toEqual(expect.arrayContaining(['Asia/Ho_Chi_Minh', 'Europe/Kyiv', 'Europe/Madrid']));
    expect(options.find((o) => o.value === 'Europe/Madrid')).toHaveTextContent(
      /^Central European Time — \u2068Madrid\u2069 \(GMT\+[12]\)$/,
    );
    // Nothing changed yet: the old name is not a change to save
    expect(screen.getByRole('button', { name: 'Save frequency' })).toBeDisabled();
  });

  it('sends a test digest now on request, to the signed-in user, and says so', async () => {
    const { calls } = stubMyAccount(buildFakeState());
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const button = await screen.findByRole('button', { name: 'Send me a test digest now' });
    expect(button).toHaveAccessibleDescription(/marked as a test\. Your digest still comes at its time\./);
    await user.click(button);
    expect(
      await screen.findByText('A test digest has been sent to your e-mail address.'),
    ).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === TEST_DIGEST_PATH);
    expect(sent.map((c) => c.body)).toEqual([{ userId: USER_ID }]);
  });

  it("shows the server's refusal in words and keeps the choice", async () => {
    const fake = buildFakeState();
    fake.failures.set(`PUT ${NOTIFICATION_FREQUENCY_PATH}`, {
      status: 400,
      body: { status: '400', error: 'validation_error', message: 'timeZone: not a time zone.' },
    });
    const { calls } = stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    await user.click(await screen.findByRole('radio', { name: 'A daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save frequency' }));
    expect(
      await screen.findByText('Your e-mail frequency could not be saved: timeZone: not a time zone.'),
    ).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save frequency' })).toBeEnabled());
  });

  it('says so when the frequency cannot be loaded, and tries again', async () => {
    const fake = buildFakeState();
    fake.failures.set(`GET ${NOTIFICATION_FREQUENCY_PATH}`, { status: 500, body: { status: '500' } });
    stubMyAccount(fake);
    const user = userEvent.setup();
    renderAccount({ path: '/account/preferences' });
    const alert = (await screen.findByText('Your e-mail frequency could not be loaded.')).closest(
      '[role=alert]',
    );
    fake.failures.clear();
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Send me' })).toBeInTheDocument();
  });
});
