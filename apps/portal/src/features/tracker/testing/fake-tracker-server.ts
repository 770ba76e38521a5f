import {
  type CatalogSearchHit,
  type ContentTrackingRow,
  LIST_IO_PATHS,
  type ListImportReport,
  MEMBER_PATHS,
  NOTIFICATION_CENTRE_PATHS,
  type NotificationUnread,
  RESOLVER_PATHS,
  STANDARD_HISTORY_PATH,
  type StandardHistoryEntry,
  TRACKER_PATHS,
  type TrackingType,
} from '@trackwell/contracts';
import { vi } from 'vitest';

/**
 * A stand-in for the tracker, member and resolver services in component tests: it keeps the user's state in
 * memory and answers with the real envelopes (spec §7), so a test sees the same round trips as the browser.
 * `fail` makes the next calls to a path answer an error envelope.
 */

export const TEST_USER_ID = '3f2b6c1e-8d4a-4c2e-9b7a-1f0e2d3c4b5a';
export const TEST_TENANT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

export function buildRow(id: number, overrides: Partial<ContentTrackingRow> = {}): ContentTrackingRow {
  return {
    id,
    contentTrackingId: id,
    contentTrackingOff: false,
    content: {
      contentTitle: `Standard number ${id}`,
      contentCode: `PUB1-S${id}`,
      displayDesignation: `S${id}`,
      assetId: `s${id}`,
    },
    data: { publisher: 'First Publisher', publisherCode: 'PUB1' },
    createdAt: new Date(Date.UTC(2025, 0, 1) + id * 1000).toISOString(),
    ...overrides,
  };
}

export function buildHit(designation: string, title: string): CatalogSearchHit {
  const id = designation.toLowerCase();
  return {
    assetId: id,
    contentCode: `PUB1-${designation}`,
    displayDesignation: designation,
    contentTitle: title,
    publisher: { code: 'PUB1', name: 'First Publisher' },
    status: 'active',
    edition: '2024',
    tracked: false,
  };
}

type Sources = Record<Exclude<TrackingType, 'WORKITEM'>, string[]> & { WORKITEM: 'true' | 'false' };

export type FakeTrackerState = {
  rows: ContentTrackingRow[];
  sources: Sources;
  committees: Array<{ Designation: string; Title: string }>;
  industryAreas: Array<{ marketing_code: string; code_name: string }>;
  catalogue: CatalogSearchHit[];
  applicationURL: string;
  /** Each standard's recorded changes, by asset id; a tracked row without one has none. */
  histories: Record<string, StandardHistoryEntry[]>;
  /** The import's report of any uploaded file; absent: the file is refused (400). */
  importReport?: ListImportReport;
};

export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

const ok = (value: unknown) => ({ status: '200', responseData: { value } });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const sourcesValue = (state: FakeTrackerState) => ({
  contentSourceTrackings: [
    { applicationCode: 'TRACKER', trackingType: 'COMMITTEE', data: { committees: state.sources.COMMITTEE } },
    {
      applicationCode: 'TRACKER',
      trackingType: 'INDUSTRYAREA',
      data: { industryAreas: state.sources.INDUSTRYAREA },
    },
    {
      applicationCode: 'TRACKER',
      trackingType: 'PUBLISHERS',
      data: { publishers: state.sources.PUBLISHERS },
    },
    { applicationCode: 'TRACKER', trackingType: 'WORKITEM', data: { workItems: [state.sources.WORKITEM] } },
  ],
});

type Handler = (state: FakeTrackerState, query: URLSearchParams, body: Record<string, unknown>) => Response;
const idsOf = (query: URLSearchParams) => (query.get('contentTrackingIds') ?? '').split(',').map(Number);

function listRows(state: FakeTrackerState, query: URLSearchParams) {
  const pageIndex = Number(query.get('pageIndex'));
  const pageSize = Number(query.get('pageSize'));
  const start = (pageIndex - 1) * pageSize;
  const trackingData = {
    contentTrackings: state.rows.slice(start, start + pageSize),
    totalElements: state.rows.length,
    totalPages: Math.ceil(state.rows.length / pageSize),
    pageIndex,
    pageSize,
  };
  return json(200, ok({ trackingData }));
}

function switchRows(state: FakeTrackerState, query: URLSearchParams, body: Record<string, unknown>) {
  const ids = idsOf(query);
  const changed = state.rows
    .filter((r) => ids.includes(r.contentTrackingId))
    .map((r) => {
      // The server's rule (contracts updateTrackerBody): contentTrackingOff = !active.
      r.contentTrackingOff = !body.active;
      return { contentTrackingId: r.contentTrackingId, contentTrackingOff: r.contentTrackingOff };
    });
  return json(200, ok({ contentTrackings: changed }));
}

function createRow(state: FakeTrackerState, _query: URLSearchParams, body: Record<string, unknown>) {
  const existing = state.rows.find((r) => r.content.assetId === body.assetId);
  if (existing) return json(200, ok({ created: false, contentTracking: existing }));
  const hit = state.catalogue.find((h) => h.assetId === body.assetId);
  if (!hit) return json(404, { status: '404', error: 'not_found', message: 'No such standard.' });
  const id = Math.max(0, ...state.rows.map((r) => r.contentTrackingId)) + 1;
  const { contentTitle, contentCode, displayDesignation, assetId } = hit;
  const row = buildRow(id, { content: { contentTitle, contentCode, displayDesignation, assetId } });
  state.rows.unshift(row);
  return json(200, ok({ created: true, contentTracking: row }));
}

function setSources(state: FakeTrackerState, _query: URLSearchParams, body: Record<string, unknown>) {
  for (const d of body.trackingDetails as Array<{ trackingType: TrackingType; data: string[] }>) {
    if (d.trackingType === 'WORKITEM') state.sources.WORKITEM = d.data[0] === 'true' ? 'true' : 'false';
    else state.sources[d.trackingType] = [...d.data];
  }
  return json(200, ok(sourcesValue(state)));
}

/** The tracker, member and resolver calls the page makes, answered as the server does. */
const ROUTES: Record<string, Handler> = {
  [`GET ${TRACKER_PATHS.listContentTrackings}`]: listRows,
  [`GET ${STANDARD_HISTORY_PATH}`]: (state, query) => {
    const row = state.rows.find((r) => r.content.assetId === query.get('assetId'));
    if (!row) return json(404, { status: '404', error: 'not_found', message: 'No such standard.' });
    const standard = {
      assetId: row.content.assetId,
      designation: row.content.displayDesignation ?? '',
      title: row.content.contentTitle,
      status: 'active',
      edition: '2024',
      publishedOn: '2024-03-01',
    };
    return json(200, ok({ standard, entries: state.histories[row.content.assetId] ?? [] }));
  },
  [`POST ${LIST_IO_PATHS.importPreview}`]: (state, query) => {
    const report = state.importReport;
    if (!report) return json(400, { status: '400', error: 'bad_request', message: 'The file has no rows.' });
    const column = query.get('column');
    return json(200, ok(column === null ? report : { ...report, column: Number(column), rows: [] }));
  },
  [`POST ${LIST_IO_PATHS.importTrack}`]: (state, _query, body) => {
    const assetIds = body.assetIds as string[];
    const start = state.rows.length + 1;
    state.rows.push(
      ...assetIds.map((assetId, i) =>
        buildRow(start + i, { content: { ...buildRow(start + i).content, assetId } }),
      ),
    );
    return json(200, ok({ tracked: assetIds.length, alreadyTracked: 0 }));
  },
  [`GET ${LIST_IO_PATHS.export}`]: (state, query) =>
    new Response(`Designation\r\n${state.rows.map((r) => r.content.displayDesignation).join('\r\n')}\r\n`, {
      headers: { 'content-disposition': `attachment; filename="list.${query.get('format')}"` },
    }),
  [`PUT ${TRACKER_PATHS.updateTracker}`]: switchRows,
  [`DELETE ${TRACKER_PATHS.deleteTracker}`]: (state, query) => {
    const ids = idsOf(query);
    state.rows = state.rows.filter((r) => !ids.includes(r.contentTrackingId));
    return json(200, ok({ deletedContentTrackingIds: ids }));
  },
  [`POST ${TRACKER_PATHS.createTracker}`]: createRow,
  [`GET ${TRACKER_PATHS.catalogSearch}`]: (state, query) => {
    const q = (query.get('q') ?? '').toLowerCase();
    // As the server: each hit says whether the user tracks it.
    const results = state.catalogue
      .filter((h) => `${h.displayDesignation} ${h.contentTitle}`.toLowerCase().includes(q))
      .map((h) => ({ ...h, tracked: state.rows.some((r) => r.content.assetId === h.assetId) }));
    return json(200, ok({ results }));
  },
  [`GET ${TRACKER_PATHS.listSourceTrackings}`]: (state) => json(200, ok(sourcesValue(state))),
  [`POST ${TRACKER_PATHS.createTrackerSource}`]: setSources,
  [`GET ${TRACKER_PATHS.industryAreas}`]: (state) => json(200, ok(state.industryAreas)),
  [`PUT ${TRACKER_PATHS.unsubscribe}`]: (state) => {
    state.sources = { COMMITTEE: [], INDUSTRYAREA: [], PUBLISHERS: [], WORKITEM: 'false' };
    return json(200, ok({ applicationCodes: ['TRACKER', 'COMPASS', 'SB', 'PUB'], clearedSources: 4 }));
  },
  [`GET ${MEMBER_PATHS.committees}`]: (state) => json(200, { Result: state.committees }),
  // The header bell and the "Changed" badges: nothing unread (notifications.test.tsx covers the badges).
  [`GET ${NOTIFICATION_CENTRE_PATHS.unread}`]: () =>
    json(200, { unread: 0, changedAssetIds: [] } satisfies NotificationUnread),
  [`GET ${RESOLVER_PATHS.resolve}`]: (state) => json(200, ok({ applicationURL: state.applicationURL })),
};

function answer(
  state: FakeTrackerState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
) {
  const handler = ROUTES[`${method} ${path}`];
  if (!handler)
    return json(404, { status: '404', error: 'not_found', message: `No route ${method} ${path}` });
  return handler(state, query, (body ?? {}) as Record<string, unknown>);
}

const initialState = (initial: Partial<FakeTrackerState>): FakeTrackerState => ({
  rows: [],
  sources: { COMMITTEE: [], INDUSTRYAREA: [], PUBLISHERS: [], WORKITEM: 'false' },
  committees: [
    { Designation: 'D20', Title: 'Plastics' },
    { Designation: 'E05', Title: 'Fire Standards' },
  ],
  industryAreas: [
    { marketing_code: 'IA-PLA', code_name: 'Plastics and Polymers' },
    { marketing_code: 'IA-CON', code_name: 'Construction' },
  ],
  catalogue: [],
  applicationURL: 'https://app.example.test/standards/x',
  histories: {},
  ...initial,
});

export function fakeTrackerServer(initial: Partial<FakeTrackerState> = {}) {
  const state = initialState(initial);
  const calls: RecordedCall[] = [];
  const failures = new Map<string, number>();
  /** Calls held back until `release()`: to look at the page while a call is in flight. */
  let gate: Promise<void> | undefined;
  let release = () => {};

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const isJson = (request.headers.get('content-type') ?? '').includes('json');
    const body = text ? (isJson ? JSON.parse(text) : text) : undefined;
    calls.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: request.headers,
    });
    if (gate) await gate;
    const left = failures.get(url.pathname) ?? 0;
    if (left > 0) {
      failures.set(url.pathname, left - 1);
      return json(500, { status: '500', error: 'internal', message: 'The tracker service failed.' });
    }
    return answer(state, request.method, url.pathname, url.searchParams, body);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** The calls made to one path (optionally one method). */
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (!method || c.method === method)),
    /** The next `times` calls to `path` fail with a 500 error envelope. */
    fail(path: string, times = 1) {
      failures.set(path, times);
    },
    /** Holds every call until the returned function is called. */
    hold(): () => void {
      gate = new Promise((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return () => release();
    },
  };
}
