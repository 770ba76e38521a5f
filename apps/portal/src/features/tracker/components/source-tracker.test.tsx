import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_PATHS, TRACKER_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrackerServer, TEST_USER_ID } from '../testing/fake-tracker-server.ts';
import { renderTrackerPage } from '../testing/render-tracker-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sources = (committees: string[]) => ({
  sources: { COMMITTEE: committees, INDUSTRYAREA: [], PUBLISHERS: [], WORKITEM: 'false' as const },
});

async function committeeSection() {
  const region = await screen.findByRole('region', { name: 'Committees' });
  const select = within(region).getByRole('combobox', { name: 'Committee' });
  await waitFor(() => expect(select).toBeEnabled());
  return { region, select, track: within(region).getByRole('button', { name: 'Track' }) };
}

describe('committee tracker (spec §3, §4, §5)', () => {
  it('reads its options from the member service with the S-Origin header', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const { select } = await committeeSection();
    expect(within(select).getByRole('option', { name: 'D20 – Plastics' })).toBeInTheDocument();
    const call = server.callsTo(MEMBER_PATHS.committees)[0]!;
    expect(call.headers.get('s-origin')).toBe(window.location.host);
    expect(call.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('keeps Track disabled until a committee is chosen; adds it, toasts and resets the choice', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const { region, select, track } = await committeeSection();
    expect(track).toBeDisabled();

    await userEvent.selectOptions(select, 'E05');
    expect(track).toBeEnabled();
    await userEvent.click(track);

    expect(await screen.findByText('Committee tracking added.')).toBeInTheDocument();
    expect(server.callsTo(TRACKER_PATHS.createTrackerSource)[0]!.body).toEqual({
      applicationCode: 'TRACKER',
      userId: TEST_USER_ID,
      trackingDetails: [{ trackingType: 'COMMITTEE', data: ['E05'] }],
    });
    // The list comes from the store, which tells the page on the next animation frame (RTK's autoBatch):
    // within a frame of the toast.
    await waitFor(() =>
      expect(within(region).getByRole('listitem')).toHaveTextContent('E05 – Fire Standards'),
    );
    expect(select).toHaveValue('');
    expect(track).toBeDisabled();
  });

  it('says why Track is disabled, tied to the button, and stops saying it once a choice is made', async () => {
    fakeTrackerServer();
    renderTrackerPage();
    const { region, select, track } = await committeeSection();
    expect(track).toBeDisabled();
    expect(track).toHaveAccessibleDescription('Choose an item in the list to track it.');
    expect(within(region).getByText('Choose an item in the list to track it.')).toBeVisible();

    await userEvent.selectOptions(select, 'E05');
    expect(track).toBeEnabled();
    expect(track).not.toHaveAccessibleDescription();
    expect(within(region).queryByText('Choose an item in the list to track it.')).not.toBeInTheDocument();
  });

  it('disables the options already tracked and sends the whole new list when adding', async () => {
    const server = fakeTrackerServer(sources(['D20']));
    renderTrackerPage();
    const { select, track } = await committeeSection();
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'D20 – Plastics (tracked)' })).toBeDisabled(),
    );
    expect(within(select).getByRole('option', { name: 'E05 – Fire Standards' })).toBeEnabled();

    await userEvent.selectOptions(select, 'E05');
    await userEvent.click(track);
    await waitFor(() => expect(server.state.sources.COMMITTEE).toEqual(['D20', 'E05']));
    expect(server.callsTo(TRACKER_PATHS.createTrackerSource)[0]!.body).toMatchObject({
      trackingDetails: [{ trackingType: 'COMMITTEE', data: ['D20', 'E05'] }],
    });
  });

  it('removes an item after a Yes, sending the list without it', async () => {
    const server = fakeTrackerServer(sources(['D20', 'E05']));
    renderTrackerPage();
    const { region } = await committeeSection();
    await userEvent.click(await within(region).findByRole('button', { name: 'Remove D20 – Plastics' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Stop tracking D20 – Plastics?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Committee tracking removed.')).toBeInTheDocument();
    expect(server.callsTo(TRACKER_PATHS.createTrackerSource)[0]!.body).toMatchObject({
      trackingDetails: [{ trackingType: 'COMMITTEE', data: ['E05'] }],
    });
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(1));
  });

  it('keeps the choice when the add fails (error toast from the store)', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const { select, track } = await committeeSection();
    server.fail(TRACKER_PATHS.createTrackerSource);
    await userEvent.selectOptions(select, 'D20');
    await userEvent.click(track);
    expect(await screen.findByText('The tracker service failed.')).toBeInTheDocument();
    expect(select).toHaveValue('D20');
  });
});

describe('industry-area and publisher trackers (spec §3, §8)', () => {
  it('industry options come from get-industry-area; adds with the industry toast', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const region = await screen.findByRole('region', { name: 'Industry areas' });
    const select = within(region).getByRole('combobox', { name: 'Industry area' });
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Construction' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(select, 'IA-CON');
    await userEvent.click(within(region).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Industry area tracking added.')).toBeInTheDocument();
    expect(server.state.sources.INDUSTRYAREA).toEqual(['IA-CON']);
  });

  it('publishers add and remove with their own toasts', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const region = await screen.findByRole('region', { name: 'Publishers' });
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Publisher' }), 'PUB2');
    await userEvent.click(within(region).getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Publisher tracking added.')).toBeInTheDocument();
    expect(server.state.sources.PUBLISHERS).toEqual(['PUB2']);

    await userEvent.click(within(region).getByRole('button', { name: 'Remove Second Publisher' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Publisher tracking removed.')).toBeInTheDocument();
    expect(server.state.sources.PUBLISHERS).toEqual([]);
  });
});
