import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNREAD_POLLING, useUnreadNotificationsQuery } from '../api/notifications.ts';
import { BellIcon } from './bell-icon.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';

/** More than this shows as "99+" in the badge (the accessible name says the exact count). */
const BADGE_MAX = 99;

/** While the panel is open: Escape or a click outside closes it (Escape gives the focus back to the bell). */
function usePanelDismiss(
  open: boolean,
  root: RefObject<HTMLDivElement | null>,
  close: (refocus: boolean) => void,
) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current(true);
    };
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) closeRef.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open, root]);
}

/**
 * The header's bell with the unread count as a badge; it opens the notification panel (a
 * non-modal dialog below the header, focus on its heading; Escape closes it and returns to the bell). The
 * button's accessible name says the count ("Notifications, 3 unread"); the badge is hidden from screen
 * readers. Loaded lazily by the shell, after the first paint.
 */
export default function NotificationBell() {
  const { t, ready } = useTranslation('notifications');
  const { data } = useUnreadNotificationsQuery(undefined, UNREAD_POLLING);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  usePanelDismiss(open, root, (refocus) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  });
  useEffect(() => {
    if (open) document.getElementById(titleId)?.focus();
  }, [open, titleId]);
  if (!ready) return null;
  const unread = data?.unread ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { unread }) : t('bell.label');
  return (
    <div className="tw-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="tw-header__link tw-bell__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="tw-bell__badge" aria-hidden="true">
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="tw-bell__panel" role="dialog" aria-labelledby={titleId}>
          <NotificationsPanel titleId={titleId} />
        </div>
      ) : null}
    </div>
  );
}
