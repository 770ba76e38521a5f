import { render } from '@testing-library/react';
import { type Language, type NotificationItem, NOTIFICATION_CENTRE_PATHS as P } from '@trackwell/contracts';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import Toaster from '../../../components/ui/toaster.tsx';
import { createStore } from '../../../lib/store.ts';
import { createTestI18n } from '../../../testing/render-with-i18n.tsx';
import { buildTenantConfig } from '../../../testing/tenant-config.ts';

/**
 * A stand-in for the notification centre's API in component tests: the user's notifications in memory,
 * answered as the server does (newest first, kind filter, cursor pages of `pageSize`, read marks, the feed
 * URL, "Track <new> instead": `followed` set on the item; 409 when its change replaced nothing or
 * `state.refuseFollow` is set, as when the replacement was withdrawn since the list was loaded).
 * `failNext(n)` makes the next n calls answer 500.
 */
export function buildNotification(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: String(id),
    change: {
      kind: 'new_edition',
      standard: {
        assetId: 'D638',
        title: 'Tensile Properties of Plastics',
        committee: 'D20',
        publisher: 'PUB1',
        oldDesignation: 'D638-14',
        designation: 'D638-22',
        oldStatus: null,
        status: 'active',
        edition: '2022',
        date: '2022-06-01',
      },
    },
    reasons: [{ type: 'COMMITTEE', value: 'D20' }],
    occurredAt: '2026-11-20T08:00:00.000Z',
    createdAt: '2026-11-20T08:00:01.000Z',
    readAt: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeNotificationServer(items: NotificationItem[], pageSize = 20) {
  const state = {
    items,
    feedUrl: null as string | null,
    failures: 0,
    feedIssue: 0,
    follows: [] as string[],
    refuseFollow: false,
    /** While set, "Track <new> instead" waits for it (the pending state can be seen). */
    followGate: null as Promise<void> | null,
  };
  const unread = () => state.items.filter((n) => n.readAt === null);
  const routes: Record<string, (url: URL) => Response> = {
    [`GET ${P.list}`]: (url) => {
      const kind = url.searchParams.get('kind');
      const cursor = url.searchParams.get('cursor');
      const all = state.items
        .filter((n) => !kind || n.change.kind === kind)
        .filter((n) => !cursor || Number(n.id) < Number(cursor))
        .sort((a, b) => Number(b.id) - Number(a.id));
      const page = all.slice(0, pageSize);
      const nextCursor = all.length > pageSize ? page.at(-1)!.id : null;
      return json(200, { notifications: page, nextCursor, unread: unread().length });
    },
    [`GET ${P.unread}`]: () =>
      json(200, {
        unread: unread().length,
        changedAssetIds: [...new Set(unread().flatMap((n) => n.change.standard?.assetId ?? []))],
      }),
    [`POST ${P.readAll}`]: () => {
      const marked = unread().length;
      for (const n of state.items) n.readAt ??= '2026-11-21T00:00:00.000Z';
      return json(200, { marked, unread: 0 });
    },
    [`GET ${P.feed}`]: () => json(200, { url: state.feedUrl }),
    [`POST ${P.feed}`]: () => {
      state.feedIssue += 1;
      state.feedUrl = `https://store.example/feeds/notifications/token-${state.feedIssue}`;
      return json(200, { url: state.feedUrl });
    },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (state.failures > 0) {
      state.failures -= 1;
      return json(500, { status: '500', error: 'internal', message: 'The tracker service failed.' });
    }
    const read = /\/notifications\/(\d+)\/read$/.exec(url.pathname);
    if (read && request.method === 'POST') {
      const item = state.items.find((n) => n.id === read[1]);
      if (!item) return json(404, { status: '404', error: 'not_found', message: 'No such notification.' });
      item.readAt ??= '2026-11-21T00:00:00.000Z';
      return json(200, item);
    }
    const follow = /\/notifications\/(\d+)\/follow-successor$/.exec(url.pathname);
    if (follow && request.method === 'POST') {
      await state.followGate;
      return followSuccessor(state, follow[1]!);
    }
    const route = routes[`${request.method} ${url.pathname}`];
    return route ? route(url) : json(404, { status: '404', error: 'not_found', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** Holds the next "Track <new> instead" answers until the returned function is called. */
  const holdFollow = () => {
    let release = () => {};
    state.followGate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      state.followGate = null;
      release();
    };
  };
  return { state, fetchMock, failNext: (n = 1) => (state.failures = n), holdFollow };
}

type FollowState = { items: NotificationItem[]; follows: string[]; refuseFollow: boolean };
function followSuccessor(state: FollowState, id: string): Response {
  const item = state.items.find((n) => n.id === id);
  if (!item) return json(404, { status: '404', error: 'not_found', message: 'No such notification.' });
  const successor = item.change.successor;
  if (!successor || state.refuseFollow) {
    return json(409, {
      status: '409',
      error: 'no_successor',
      message: 'This change replaced no standard: there is no successor to track.',
    });
  }
  const already = successor.followed === true;
  successor.followed = true;
  state.follows.push(id);
  return json(200, { state: already ? 'already' : 'followed', from: successor.from, to: successor.to });
}

/** Renders `ui` as the app does for a signed-in user: the real store and i18n (English), a router, the toasts. */
export function renderSignedIn(ui: ReactElement, language: Language = 'en') {
  const i18n = createTestI18n(language);
  const store = createStore({
    context: { tenant: buildTenantConfig(), accessToken: () => 'test-token' },
    i18n,
  });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </I18nextProvider>
    </Provider>,
  );
}
