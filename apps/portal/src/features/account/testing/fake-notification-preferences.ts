import { CHANGE_KIND_CHOICES, type NotificationPreferences } from '@trackwell/contracts';

/** The tracker service's notification preferences as the fake answers them (issue 16 §1). */

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
