import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildNotification, fakeNotificationServer, renderSignedIn } from '../testing/fake-notifications.tsx';
import { ChangedBadge } from './changed-badge.tsx';
import { FeedSettings } from './feed-settings.tsx';
import NotificationBell from './notification-bell.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';

/**
 * The notification centre in the portal: the bell's unread count (in its name), the list with what changed (old → new)
 * and why, mark one / all read, the kind filter, paging, loading / empty / error states, the tracker's
 * "Changed" badge and the feed URL in the account area (copy, reset after a confirmation).
 */
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.dismiss());
});

const withdrawal = buildNotification(3, {
  change: {
    kind: 'withdrawal',
    standard: {
      ...buildNotification(0).change.standard!,
      oldDesignation: null,
      oldStatus: 'active',
      status: 'withdrawn',
    },
  },
  reasons: [
    { type: 'STANDARD', value: 'D638-22' },
    { type: 'COMMITTEE', value: 'D20' },
  ],
});
/** A designation as the sentences hold it: isolated (FSI … PDI). */
const iso = (designation: string) => `\u2068${designation}\u2069`;
/** A new standard that replaces D638-14 by D638-26; `followed` as the list says. */
const replacement = (id: number, followed = false) => {
  const base = buildNotification(id);
  const successor = {
    from: { assetId: 'D638', designation: 'D638-14' },
    to: { assetId: 'D638-NEW', designation: 'D638-26' },
    followed,
  };
  return { ...base, change: { ...base.change, kind: 'new_standard' as const, successor } };
};
const someItems = () => [
  buildNotification(1, { readAt: '2026-11-20T09:00:00.000Z' }),
  buildNotification(2),
  withdrawal,
];

describe('the bell', () => {
  it('says how many are unread in its name and badge, and opens the panel (Escape closes it)', async () => {
    fakeNotificationServer(someItems());
    const user = userEvent.setup();
    renderSignedIn(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toHaveFocus();
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('is just "Notifications" with nothing unread', async () => {
    fakeNotificationServer([buildNotification(1, { readAt: '2026-11-20T09:00:00.000Z' })]);
    renderSignedIn(<NotificationBell />);
    await waitFor(() => expect(screen.getByRole('button')).toHaveAccessibleName('Notifications'));
    expect(screen.getByRole('button')).toHaveTextContent('');
  });
});

describe('the notification list', () => {
  it('shows what changed (old → new) and why, newest first', async () => {
    fakeNotificationServer(someItems());
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Withdrawal: D638-22',
      'New edition: D638-22',
      'New edition: D638-22',
    ]);
    expect(items[1]).toHaveTextContent('DesignationD638-14 → D638-22');
    expect(items[0]).toHaveTextContent('StatusActive → Withdrawn');
    // Each value is isolated (FSI … PDI) inside its sentence, so a Latin code keeps its place in Arabic.
    expect(items[0]!.textContent).toContain(
      'Why: You track the standard \u2068D638-22\u2069. You track committee \u2068D20\u2069.',
    );
    // …and is an element of its own, laid out as one block (index.css): a wrapped code keeps its hyphens in place.
    expect(within(items[0]!).getByText('\u2068D20\u2069').tagName).toBe('BDI');
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name: /mark/i })).toBeNull();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it('shows the standard’s title in the reader’s language where the catalogue has it, and an adoption as the reason', async () => {
    const base = buildNotification(1);
    const adopted = buildNotification(1, {
      change: {
        ...base.change,
        standard: {
          ...base.change.standard!,
          title: 'Safety of machinery',
          titles: { de: 'Sicherheit von Maschinen', fr: 'Sécurité des machines' },
        },
      },
      reasons: [{ type: 'ADOPTION', value: 'DIN EN ISO 13849-1:2008-12' }],
    });
    fakeNotificationServer([adopted]);
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />, 'fr_CA');
    const title = await screen.findByText('Sécurité des machines');
    expect(title).toHaveAttribute('lang', 'fr');
    expect(screen.queryByText('Safety of machinery')).toBeNull();
  });

  it("shows the publisher's summary and the comparison link when the change has them", async () => {
    const base = buildNotification(7);
    fakeNotificationServer([
      {
        ...base,
        change: {
          ...base.change,
          summary: 'Type V specimens removed.',
          compareUrl: 'https://example.org/cmp',
        },
      },
    ]);
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item!).getByText('Type V specimens removed.')).toHaveAttribute('dir', 'auto');
    const link = within(item!).getByRole('link', { name: /Compare with the previous version/ });
    expect(link).toHaveAttribute('href', 'https://example.org/cmp');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows a replacement as old → new', async () => {
    const base = buildNotification(8);
    const successor = {
      from: { assetId: 'D638', designation: 'D638-14' },
      to: { assetId: 'D638-NEW', designation: 'D638-26' },
    };
    fakeNotificationServer([{ ...base, change: { ...base.change, kind: 'new_standard', successor } }]);
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    const [item] = await screen.findAllByRole('listitem');
    expect(item).toHaveTextContent('ReplacementD638-14 → D638-26');
  });

  it('"Track <new> instead": pending while the call runs, then a toast and the entry says it is followed', async () => {
    const server = fakeNotificationServer([replacement(8)]);
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    const button = await screen.findByRole('button', { name: `Track ${iso('D638-26')} instead` });
    const release = server.holdFollow();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText(`You now track ${iso('D638-26')}.`)).toBeInTheDocument();
    // The toast may show before the list has read the entry again.
    await waitFor(() =>
      expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(`You track ${iso('D638-26')} now.`),
    );
    const [item] = screen.getAllByRole('listitem');
    expect(within(item!).queryByRole('button', { name: /^Track/ })).toBeNull();
    expect(server.state.follows).toEqual(['8']);
  });

  it('shows the server’s refusal in words and keeps the button', async () => {
    const server = fakeNotificationServer([replacement(8)]);
    server.state.refuseFollow = true;
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    await user.click(await screen.findByRole('button', { name: `Track ${iso('D638-26')} instead` }));
    const toast = await screen.findByText(
      'This change replaced no standard: there is no successor to track.',
    );
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    // The toast and the button's end of waiting come from two updates: either may be drawn first.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Track ${iso('D638-26')} instead` })).toBeEnabled(),
    );
    expect(screen.queryByText(/now\.$/)).toBeNull();
  });

  it('says a followed replacement is tracked, with no button', async () => {
    fakeNotificationServer([replacement(8, true)]);
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    const [item] = await screen.findAllByRole('listitem');
    expect(item).toHaveTextContent(`You track ${iso('D638-26')} now.`);
    expect(within(item!).queryByRole('button', { name: /^Track/ })).toBeNull();
  });

  it('marks one read, then all read', async () => {
    const server = fakeNotificationServer(someItems());
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    await user.click(await screen.findByRole('button', { name: 'Mark Withdrawal: D638-22 as read' }));
    await screen.findByText('1 unread');
    expect(server.state.items.find((n) => n.id === '3')?.readAt).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByText('0 unread');
    expect(screen.queryByRole('button', { name: /^Mark New edition/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('filters by kind, with its own empty sentence', async () => {
    fakeNotificationServer(someItems());
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    await screen.findAllByRole('listitem');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Withdrawal');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Withdrawal: D638-22');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Amendment');
    expect(await screen.findByText('No notifications of this kind.')).toBeInTheDocument();
  });

  it('pages: older notifications on request', async () => {
    fakeNotificationServer(someItems(), 2);
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('says so when there is nothing yet, and when loading fails (Try again recovers)', async () => {
    const server = fakeNotificationServer([]);
    server.failNext(2);
    const user = userEvent.setup();
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />);
    expect(screen.getByText('Loading your notifications…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your notifications could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No notifications yet. When a standard you track changes, it appears here.'),
    ).toBeInTheDocument();
  });

  it('points the arrow from old to new in Arabic (right to left)', async () => {
    fakeNotificationServer([buildNotification(2)]);
    renderSignedIn(<NotificationsPanel titleId="inbox-title" />, 'ar');
    const [item] = await screen.findAllByRole('listitem');
    expect(item).toHaveTextContent('D638-14 ← D638-22');
  });
});

describe('the tracker table’s "Changed" badge', () => {
  it('marks a standard with an unread change, and no other', async () => {
    fakeNotificationServer(someItems());
    renderSignedIn(
      <>
        <ChangedBadge assetId="D638" />
        <ChangedBadge assetId="OTHER" />
      </>,
    );
    expect(await screen.findAllByText('Changed')).toHaveLength(1);
  });
});

describe('the private feed in the account area', () => {
  it('is made on request, copied, and reset only after a confirmation', async () => {
    const server = fakeNotificationServer([]);
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSignedIn(<FeedSettings />);
    await user.click(await screen.findByRole('button', { name: 'Create my feed URL' }));
    const field = await screen.findByRole('textbox', { name: 'Your private feed URL' });
    expect(field).toHaveValue('https://store.example/feeds/notifications/token-1');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://store.example/feeds/notifications/token-1');
    expect(screen.getByText('Copied.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset the URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the feed URL?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(server.state.feedIssue).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Reset the URL' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(field).toHaveValue('https://store.example/feeds/notifications/token-2'));
  });
});
