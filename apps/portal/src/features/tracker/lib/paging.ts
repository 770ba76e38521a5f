/** spec §9 "Page sizes are 10, 20, 30, 40 and 50. The default is 10." and "Table defaults: … page index 0". */
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_INDEX = 0;

/** spec §9 "Column default size 150, minimum 20". */
export const COLUMN_DEFAULT_SIZE = 150;
export const COLUMN_MIN_SIZE = 20;

/** How many pages `totalElements` rows make (at least 1, so an empty table reads "page 1 of 1"). */
export function pageCountOf(totalElements: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalElements / pageSize));
}

/** Keys that edit a field or move within it, allowed in the go-to-page input besides digits (spec §5). */
const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/**
 * spec §5 "The go-to-page input accepts only digits and editing keys": true for a key that may reach the input.
 * Shortcuts (Ctrl/⌘ + key: select all, copy, paste, undo) stay available; a pasted value is checked on change.
 */
export function isGoToPageKey(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return /^\d$/.test(event.key) || EDITING_KEYS.has(event.key) || event.ctrlKey || event.metaKey;
}

/**
 * spec §2/§5 go-to-page: the zero-based page index for what was typed, or undefined when it must be ignored
 * (not a whole number, below the minimum 1, or beyond the page count).
 */
export function goToPageIndex(value: string, pageCount: number): number | undefined {
  if (!/^\d+$/.test(value.trim())) return undefined;
  const page = Number(value);
  return page >= 1 && page <= pageCount ? page - 1 : undefined;
}
