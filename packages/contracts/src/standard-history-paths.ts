/*
 * A standard's edition history, without zod: the tracker page's lazily loaded history dialog
 * names its path without pulling the schemas into a shared chunk.
 */
export const STANDARD_HISTORY_PATH = '/api/tracker/v1/standard-history';
/** At most this many changes are answered (the newest). */
export const STANDARD_HISTORY_LIMIT = 100;
