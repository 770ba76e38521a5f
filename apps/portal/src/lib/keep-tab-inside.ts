/** What keyboard focus can reach inside a dialog or drawer (disabled controls left out). */
export const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A focus trap's Tab: from the last control to the first, Shift+Tab from the first to the last. */
export function keepTabInside(
  event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>,
  container: HTMLElement,
) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
