import { useCallback, useEffect, useRef, useState } from 'react';
import { FOCUSABLE, keepTabInside } from '../../../lib/keep-tab-inside.ts';

/**
 * A navigation drawer (the console's, below 992 px): the button opens it and focus moves to its first control;
 * while it is open, Tab and Shift+Tab stay inside it; Escape (or `close`) closes it and gives focus back to the
 * button. `closeKey` closes it when it changes (the page it was opened on is left).
 */
export function useDrawer(closeKey: string) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) requestAnimationFrame(() => buttonRef.current?.focus());
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (closeKey) is what closes the drawer.
  useEffect(() => {
    setOpen(false);
  }, [closeKey]);

  useEffect(() => {
    if (open) drawerRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open]);

  // Escape closes; Tab and Shift+Tab go round the drawer's controls while it is open.
  useEffect(() => {
    const drawer = drawerRef.current;
    if (!open || !drawer) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      keepTabInside(event, drawer);
    };
    drawer.addEventListener('keydown', onKeyDown);
    return () => drawer.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return { open, toggle: () => setOpen((o) => !o), close, buttonRef, drawerRef };
}
