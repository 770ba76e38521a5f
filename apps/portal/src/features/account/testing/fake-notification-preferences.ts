import {
  CHANGE_KIND_CHOICES,
  MONTHLY_STATUS_PATH,
  NOTIFICATION_FREQUENCY_PATH,
  NOTIFICATION_PREFERENCES_PATH,
  type NotificationPreferences,
  REVIEW_ALERT_PATH,
  SUCCESSOR_PREFERENCE_PATH,
  TEST_DIGEST_PATH,
  TRACKING_EMAILS_PATH,
  type TrackingEmailCoverage,
  trackingEmailState,
} from '@trackwell/contracts';

/** The tracker service's notification preferences as the fake answers them. */

/** A user who never chose: every kind, no source tracked. */
export const EVERY_KIND: NotificationPreferences = { kinds: [...CHANGE_KIND_CHOICES], sources: [] };

/** What the server's PUT does: the kinds, and the named sources' own kinds (others kept). */
export function savePreferences(saved: NotificationPreferences, body: Record<string, unknown> | undefined) {
  const sent = body as unknown as NotificationPreferences;
  const named = new Map(sent.sources.map((s) => [`${s.type}:${s.value}`, s.kinds]));
  return {
    kinds: CHANGE_KIND_CHOICES.filter((k) => sent.kinds.includes(k)),
    sources: saved.sources.map((s) => {
      const kinds = named.get(`${s.type}:${s.value}`);
      return kinds === undefined ? s : { ...s, kinds };
    }),
  };
}

/** The frequency route: instant with no time zone until a PUT saves what it was sent. */
export function frequencyAnswer(
  state: { notificationFrequency?: Record<string, unknown> },
  method: string,
  body: Record<string, unknown> | undefined,
) {
  if (method === 'PUT' && body) {
    const { userId: _userId, ...choice } = body;
    state.notificationFrequency = choice;
  }
  const value = state.notificationFrequency ?? { frequency: 'instant', hour: 8, weekday: 1, timeZone: null };
  return { status: '200', responseData: { value } };
}

/**
 * The monthly status route: off, no zone, until a PUT turns it on; the zone sent is kept only
 * while none was saved (by it or the frequency), as the server does.
 */
export function monthlyStatusAnswer(
  state: { monthlyStatus?: boolean; notificationFrequency?: Record<string, unknown> },
  method: string,
  body: Record<string, unknown> | undefined,
) {
  if (method === 'PUT' && body) {
    state.monthlyStatus = body.enabled === true;
    state.notificationFrequency ??= { frequency: 'instant', hour: 8, weekday: 1, timeZone: body.timeZone };
  }
  const schedule = state.notificationFrequency;
  const value = {
    enabled: state.monthlyStatus ?? false,
    hour: schedule?.hour ?? 8,
    timeZone: schedule?.timeZone ?? null,
  };
  return { status: '200', responseData: { value } };
}

/** The successor preference: off until a PUT saves what it was sent. */
export function successorAnswer(
  state: { successorPreference?: { followAutomatically: boolean } },
  method: string,
  body: Record<string, unknown> | undefined,
) {
  if (method === 'PUT' && body)
    state.successorPreference = { followAutomatically: body.followAutomatically === true };
  const value = state.successorPreference ?? { followAutomatically: false };
  return { status: '200', responseData: { value } };
}

/**
 * The tracking e-mails status as the server derives it: from `trackingEmails` when a test sets it, else from
 * the committees, areas and publishers of `sourceTrackings` (no standards, not unsubscribed).
 */
export function trackingEmailsAnswer(state: Pick<PreferencesState, 'trackingEmails' | 'sourceTrackings'>) {
  const sources = (state.sourceTrackings ?? []).reduce<number>((n, source) => {
    const data = (source as { data?: Record<string, unknown[]> }).data ?? {};
    const { committees = [], industryAreas = [], publishers = [] } = data;
    return n + committees.length + industryAreas.length + publishers.length;
  }, 0);
  const coverage = state.trackingEmails ?? { unsubscribed: false, standards: 0, sources };
  return { status: '200', responseData: { value: { state: trackingEmailState(coverage), ...coverage } } };
}

/** The fake's state of these routes (tests set the optional parts). */
export type PreferencesState = {
  trackingEmails?: TrackingEmailCoverage;
  sourceTrackings?: unknown[];
  notificationPreferences: NotificationPreferences;
  notificationFrequency?: Record<string, unknown>;
  /** The monthly status report's switch. */
  monthlyStatus?: boolean;
  successorPreference?: { followAutomatically: boolean };
  /** The review alert's choice (off until a PUT saves one). */
  reviewAlert?: { enabled: boolean; monthsBefore: number };
};

/** The answer of the tracker's preference routes (kinds, frequency, monthly status, successors), or undefined. */
export function trackerPreferencesAnswer(
  state: PreferencesState,
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
) {
  if (path === NOTIFICATION_FREQUENCY_PATH) return frequencyAnswer(state, method, body);
  if (path === MONTHLY_STATUS_PATH) return monthlyStatusAnswer(state, method, body);
  if (path === SUCCESSOR_PREFERENCE_PATH) return successorAnswer(state, method, body);
  if (path === REVIEW_ALERT_PATH) {
    if (method === 'PUT' && body)
      state.reviewAlert = { enabled: body.enabled === true, monthsBefore: Number(body.monthsBefore) };
    return {
      status: '200',
      responseData: { value: state.reviewAlert ?? { enabled: false, monthsBefore: 6 } },
    };
  }
  if (path === TRACKING_EMAILS_PATH) return trackingEmailsAnswer(state);
  if (path === TEST_DIGEST_PATH && method === 'POST')
    return { status: '200', responseData: { value: { changes: 2 } } };
  if (path !== NOTIFICATION_PREFERENCES_PATH) return undefined;
  if (method === 'PUT') state.notificationPreferences = savePreferences(state.notificationPreferences, body);
  return { status: '200', responseData: { value: state.notificationPreferences } };
}
