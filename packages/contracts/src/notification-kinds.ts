import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import type { CatalogEventKind } from './notifications.ts';
import { userId } from './tracker.ts';

/**
 * Which kinds of change to receive: the kinds a user chooses from, globally and per source.
 * The nine event kinds fold into seven choices: a new standard is told like a new edition (both bring a
 * new designation), and both work-item kinds are "work items"; two more choices are about the standards a
 * tracked standard cites (normatively, informatively).
 */
export const CHANGE_KIND_CHOICES = [
  'new_edition',
  'amendment',
  'editorial_change',
  'reaffirmation',
  'withdrawal',
  'reinstatement',
  'work_item',
  /** A standard that a tracked standard cites normatively has a new edition, an amendment or is withdrawn. */
  'cited_change',
  /** The same for an informative citation (its bibliography): off unless the user chooses it. */
  'cited_informative',
] as const;
export type ChangeKindChoice = (typeof CHANGE_KIND_CHOICES)[number];

/** What a user who never chose is told about: every kind but informative citations. */
export const DEFAULT_KIND_CHOICES: readonly ChangeKindChoice[] = CHANGE_KIND_CHOICES.filter(
  (kind) => kind !== 'cited_informative',
);

/** The changes of a standard that tell the readers of the standards citing it. */
export const CITED_CHANGE_EVENT_KINDS = ['new_edition', 'amendment', 'withdrawal'] as const;

/** The choice each event kind falls under (the matching filters on it). */
export const CHOICE_OF_EVENT_KIND: Record<CatalogEventKind, ChangeKindChoice> = {
  new_standard: 'new_edition',
  new_edition: 'new_edition',
  amendment: 'amendment',
  editorial_change: 'editorial_change',
  reaffirmation: 'reaffirmation',
  withdrawal: 'withdrawal',
  reinstatement: 'reinstatement',
  new_work_item: 'work_item',
  work_item_status_change: 'work_item',
};

/** The sources a user can narrow (the work-item switch is on or off, a tracked standard follows the global choice). */
export const KIND_FILTERED_SOURCE_TYPES = ['COMMITTEE', 'INDUSTRYAREA', 'PUBLISHERS'] as const;

export const NOTIFICATION_PREFERENCES_PATH = '/api/tracker/v1/notification-preferences';
/** The portal page where the user makes that choice (every change e-mail links to it). */
export const ACCOUNT_PREFERENCES_PATH = '/account/preferences';

/** At least one kind, each once (to receive nothing, unsubscribe or stop tracking the source). */
const kindChoices = z
  .array(z.enum(CHANGE_KIND_CHOICES))
  .min(1, 'choose at least one kind of change')
  .max(CHANGE_KIND_CHOICES.length)
  .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind at most once');

export const sourceKinds = z
  .object({
    type: z.enum(KIND_FILTERED_SOURCE_TYPES),
    value: z.string().trim().min(1).max(64),
    /** null: the user's choice for all trackings. */
    kinds: kindChoices.nullable(),
  })
  .strict();
export type SourceKinds = z.infer<typeof sourceKinds>;

export const notificationPreferences = z
  .object({
    /** What the user is told about, for every tracking (DEFAULT_KIND_CHOICES when never chosen). */
    kinds: kindChoices,
    /** Each tracked committee, industry area and publisher, with its own kinds or null. */
    sources: z.array(sourceKinds).max(2000),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const notificationPreferencesResponse = successEnvelope(notificationPreferences);

export const notificationPreferencesQuery = z.object({ userId }).strict();

/** Saving: the global kinds and the sources that change (a source left out keeps its kinds). */
export const saveNotificationPreferencesBody = notificationPreferences
  .extend({ userId })
  .strict()
  .refine((b) => new Set(b.sources.map((s) => `${s.type}\u0000${s.value}`)).size === b.sources.length, {
    message: 'each source at most once',
    path: ['sources'],
  });
export type SaveNotificationPreferencesBody = z.infer<typeof saveNotificationPreferencesBody>;
