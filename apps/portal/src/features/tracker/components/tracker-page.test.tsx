import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBER_PATHS, TRACKER_PATHS } from '@trackwell/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withModalDialogs } from '../../../testing/modal-dialog.ts';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';
import { buildRow, fakeTrackerServer, TEST_USER_ID } from '../testing/fake-tracker-server.ts';
import { ALL_SECTIONS, buildFlags, renderTrackerPage } from '../testing/render-tracker-page.tsx';

withModalDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settingsWith = (
  enabled: Partial<Record<'individual' | 'committee' | 'industry' | 'publisher' | 'workItem', boolean>>,
) =>
  buildTenantConfig({
    trackerSetting: {
      ...ALL_SECTIONS.trackerSetting,
      individual_standard_tracker: { enabled: enabled.individual ?? true },
      committee: { enabled: enabled.committee ?? true },
      industry_area: { enabled: enabled.industry ?? true },
      publisher: { enabled: enabled.publisher ?? true },
      work_item: { enabled: enabled.workItem ?? true },
    },
  });

/** The page's section headings, top to bottom. */
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('tracker page sections (spec §2)', () => {
  it('shows every section in the spec order when the tenant allows them all', async () => {
    fakeTrackerServer();
    renderTrackerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Standards tracker' })).toBeInTheDocument();
    expect(screen.getByText('Follow the standards you rely on.')).toBeInTheDocument();
    expect(headings()).toEqual([
      'Work items',
      'Individual standards',
      'Committees',
      'Industry areas',
      'Publishers',
    ]);
    // The unsubscribe link comes last.
    const unsubscribe = screen.getByRole('button', { name: 'Unsubscribe from all tracking emails' });
    const publishers = screen.getByRole('region', { name: 'Publishers' });
    expect(publishers.compareDocumentPosition(unsubscribe) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves out each section whose setting is off (intro and unsubscribe always stay)', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage({ tenant: settingsWith({ workItem: false, industry: false, individual: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Standards tracker' })).toBeInTheDocument();
    expect(headings()).toEqual(['Committees', 'Publishers']);
    expect(screen.getByRole('button', { name: 'Unsubscribe from all tracking emails' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(MEMBER_PATHS.committees)).toHaveLength(1));
    expect(server.callsTo(TRACKER_PATHS.industryAreas)).toHaveLength(0);
  });

  it('shows the publisher tracker only when both the setting and the track_by_publishers flag are on', async () => {
    fakeTrackerServer();
    const { unmount } = renderTrackerPage({ flags: buildFlags({ track_by_publishers: false }) });
    await screen.findByRole('region', { name: 'Committees' });
    expect(screen.queryByRole('region', { name: 'Publishers' })).not.toBeInTheDocument();
    unmount();

    renderTrackerPage({
      tenant: settingsWith({ publisher: false }),
      flags: buildFlags({ track_by_publishers: true }),
    });
    await screen.findByRole('region', { name: 'Committees' });
    expect(screen.queryByRole('region', { name: 'Publishers' })).not.toBeInTheDocument();
  });

  it('offers the publisher_list de-duplicated by name', async () => {
    fakeTrackerServer();
    renderTrackerPage();
    const region = await screen.findByRole('region', { name: 'Publishers' });
    const select = within(region).getByRole('combobox', { name: 'Publisher' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a publisher', 'First Publisher', 'Second Publisher']);
  });
});

describe('work-item section (spec §4, §5)', () => {
  it('sends the checkbox as "true"/"false" through create-tracker-source, with a success toast', async () => {
    const server = fakeTrackerServer();
    renderTrackerPage();
    const box = await screen.findByRole('checkbox', { name: 'Email me about new work items' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();

    await userEvent.click(box);
    expect(await screen.findByText('Work-item tracking updated.')).toBeInTheDocument();
    // The store tells the page about RTK Query's results on the next animation frame (configureStore's
    // autoBatchEnhancer); the toast is drawn at once. So the box shows its new state within a frame of the
    // toast: wait for it as a person would, then for it to be usable again.
    await waitFor(() => expect(box).toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
    expect(server.callsTo(TRACKER_PATHS.createTrackerSource)[0]!.body).toEqual({
      applicationCode: 'TRACKER',
      userId: TEST_USER_ID,
      trackingDetails: [{ trackingType: 'WORKITEM', data: ['true'] }],
    });

    await userEvent.click(box);
    await waitFor(() => expect(server.callsTo(TRACKER_PATHS.createTrackerSource)).toHaveLength(2));
    expect(server.callsTo(TRACKER_PATHS.createTrackerSource)[1]!.body).toMatchObject({
      trackingDetails: [{ trackingType: 'WORKITEM', data: ['false'] }],
    });
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('is disabled while the tracking is loading', async () => {
    const server = fakeTrackerServer();
    const release = server.hold();
    renderTrackerPage();
    const box = await screen.findByRole('checkbox', { name: 'Email me about new work items' });
    expect(box).toBeDisabled();
    release();
    await waitFor(() => expect(box).toBeEnabled());
  });

  it.each([
    [
      'a committee',
      { sources: { COMMITTEE: ['D20'], INDUSTRYAREA: [], PUBLISHERS: [], WORKITEM: 'false' as const } },
    ],
    [
      'an industry area',
      { sources: { COMMITTEE: [], INDUSTRYAREA: ['IA-PLA'], PUBLISHERS: [], WORKITEM: 'false' as const } },
    ],
    ['an individual standard', { rows: [buildRow(1)] }],
  ])('is disabled, with the reason, when %s is tracked', async (_, state) => {
    fakeTrackerServer(state);
    renderTrackerPage();
    const box = await screen.findByRole('checkbox', { name: 'Email me about new work items' });
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(
        'Work-item tracking is available only while you track no committees, industry areas or individual standards.',
      ),
    );
    expect(box).toBeDisabled();
  });

  it('stays enabled when only publishers are tracked', async () => {
    fakeTrackerServer({
      sources: { COMMITTEE: [], INDUSTRYAREA: [], PUBLISHERS: ['PUB1'], WORKITEM: 'false' },
    });
    renderTrackerPage();
    const box = await screen.findByRole('checkbox', { name: 'Email me about new work items' });
    await waitFor(() => expect(box).toBeEnabled());
  });

  it('explains work items in a modal with paragraphs and a close button', async () => {
    fakeTrackerServer();
    renderTrackerPage();
    await userEvent.click(await screen.findByRole('button', { name: 'About work items' }));
    const dialog = screen.getByRole('dialog', { name: 'Tracking work items' });
    expect(dialog.querySelectorAll('p')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('unsubscribe (spec §4, §5, §8)', () => {
  it('arriving with #unsubscribe (the account area links there) focuses the unsubscribe link', async () => {
    fakeTrackerServer();
    window.history.replaceState(null, '', '/#unsubscribe');
    try {
      renderTrackerPage();
      const link = await screen.findByRole('button', { name: 'Unsubscribe from all tracking emails' });
      await waitFor(() => expect(link).toHaveFocus());
      expect(link.closest('section')).toHaveAttribute('id', 'unsubscribe');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  const tracked = {
    sources: {
      COMMITTEE: ['D20'],
      INDUSTRYAREA: ['IA-PLA'],
      PUBLISHERS: ['PUB2'],
      WORKITEM: 'true' as const,
    },
  };

  it('asks first, then on "200" clears the committee, industry, work-item and publisher sections', async () => {
    const server = fakeTrackerServer(tracked);
    renderTrackerPage();
    const committees = await screen.findByRole('region', { name: 'Committees' });
    expect(await within(committees).findByRole('listitem')).toHaveTextContent('D20 – Plastics');
    expect(await screen.findByText('Plastics and Polymers')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all tracking emails' }));
    const dialog = screen.getByRole('dialog', { name: 'Unsubscribe from tracking emails?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(server.callsTo(TRACKER_PATHS.unsubscribe)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all tracking emails' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('You are unsubscribed from tracking emails.')).toBeInTheDocument();
    const call = server.callsTo(TRACKER_PATHS.unsubscribe)[0]!;
    expect(call.method).toBe('PUT');
    expect(call.query.get('userId')).toBe(TEST_USER_ID);
    expect(call.query.get('applicationCode')).toBe('TRACKER,COMPASS,SB,PUB');

    expect(await within(committees).findByText('You are not tracking any committee.')).toBeInTheDocument();
    expect(screen.getByText('You are not tracking any industry area.')).toBeInTheDocument();
    expect(screen.getByText('You are not tracking any publisher.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Email me about new work items' })).not.toBeChecked();
  });

  it('only logs a failure: no toast, nothing cleared', async () => {
    const server = fakeTrackerServer(tracked);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderTrackerPage();
    const committees = await screen.findByRole('region', { name: 'Committees' });
    expect(await within(committees).findByRole('listitem')).toHaveTextContent('D20 – Plastics');

    server.fail(TRACKER_PATHS.unsubscribe);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all tracking emails' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[api] unsubscribeTracker failed', expect.anything()),
    );
    expect(screen.queryByText('The tracker service failed.')).not.toBeInTheDocument();
    expect(screen.queryByText('You are unsubscribed from tracking emails.')).not.toBeInTheDocument();
    expect(within(committees).getByRole('listitem')).toHaveTextContent('D20 – Plastics');
  });
});
