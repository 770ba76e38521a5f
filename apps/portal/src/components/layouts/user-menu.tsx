import { shortPersonName } from '@trackwell/contracts';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon, UserIcon } from '../ui/icons.tsx';

export type UserMenuProps = {
  firstName: string | undefined;
  lastName: string | undefined;
  /** spec §2: sign-out, which returns to the site root after logout (the sign-in feature supplies it). */
  onSignOut: () => void;
  /** The account area (spec §1 "A profile and account management area exists"), listed before sign-out. */
  accountHref?: string;
  /** The organisation area (a company's members and shared watch lists). */
  organisationsHref?: string;
  /** The operator console, for a user who holds a console role. */
  consoleHref?: string;
};

/** The item a key moves to: Home the first, End the last, the arrows the next or previous (wrapping). */
export function menuItemAfter(key: string, at: number, count: number): number {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return key === 'ArrowDown' ? (at + 1) % count : (at - 1 + count) % count;
}

/** While the menu is open: its first item has the focus, and a click outside closes it. */
function useMenuFocus(
  open: boolean,
  rootRef: RefObject<HTMLDivElement | null>,
  listRef: RefObject<HTMLDivElement | null>,
  close: () => void,
) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open, rootRef, listRef]);
}

type UserMenuListProps = {
  id: string;
  name: string;
  listRef: RefObject<HTMLDivElement | null>;
  accountHref: string | undefined;
  organisationsHref: string | undefined;
  consoleHref: string | undefined;
  onKeyDown: (event: KeyboardEvent) => void;
  onClose: () => void;
  onSignOut: () => void;
};

/** The open menu: the account link (when there is an account area), then sign-out. */
function UserMenuList({
  id,
  name,
  listRef,
  accountHref,
  organisationsHref,
  consoleHref,
  onKeyDown,
  onClose,
  onSignOut,
}: UserMenuListProps) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="menu"
      aria-label={name}
      className="tw-user-menu__list"
      onKeyDown={onKeyDown}
      ref={listRef}
    >
      {accountHref ? (
        <Link to={accountHref} role="menuitem" className="tw-user-menu__item" onClick={onClose}>
          {t('userMenu.account')}
        </Link>
      ) : null}
      {organisationsHref ? (
        <Link to={organisationsHref} role="menuitem" className="tw-user-menu__item" onClick={onClose}>
          {t('userMenu.organisations')}
        </Link>
      ) : null}
      {consoleHref ? (
        <Link to={consoleHref} role="menuitem" className="tw-user-menu__item" onClick={onClose}>
          {t('userMenu.console')}
        </Link>
      ) : null}
      <button
        type="button"
        role="menuitem"
        className="tw-user-menu__item"
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        {t('userMenu.signOut')}
      </button>
    </div>
  );
}

/**
 * The user menu of the header: a button with the name and a menu with the account link and the sign-out item.
 * A menu button in the WAI-ARIA sense: Enter, Space or ArrowDown opens it on its first item, the arrow keys,
 * Home and End move between items, Escape closes it and returns to the button, Tab or a click elsewhere
 * closes it.
 */
export function UserMenu({
  firstName,
  lastName,
  onSignOut,
  accountHref,
  organisationsHref,
  consoleHref,
}: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // spec §2 Header: last name, then first name, cut to 20 characters (the one rule, in contracts).
  const name = shortPersonName({ firstName, lastName });

  useMenuFocus(open, rootRef, listRef, () => setOpen(false));

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      items[
        menuItemAfter(event.key, items.indexOf(document.activeElement as HTMLElement), items.length)
      ]?.focus();
    }
  }

  return (
    <div ref={rootRef} className="tw-user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-sm tw-user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
      >
        <UserIcon />
        <bdi className="tw-user-menu__name">{name}</bdi>
        <ChevronDownIcon />
      </button>
      {open ? (
        <UserMenuList
          id={menuId}
          name={name}
          listRef={listRef}
          accountHref={accountHref}
          organisationsHref={organisationsHref}
          consoleHref={consoleHref}
          onKeyDown={onMenuKeyDown}
          onClose={() => setOpen(false)}
          onSignOut={onSignOut}
        />
      ) : null}
    </div>
  );
}
