import type { ReactNode } from 'react';

/**
 * The few line icons of the shell (header, sidebar, user menu), drawn inline (no icon font needed on the first
 * screen); the other screens' icons are in content-icons.tsx, so the first download carries only these.
 * They are decorative: the text beside them carries the meaning.
 */
type IconProps = { className?: string };

export function Icon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={`tw-icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function MailIcon() {
  return (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Icon>
  );
}

export function GlobeIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18" />
    </Icon>
  );
}

/** Marks a link that leaves the site; mirrored in right-to-left text like the arrows. */
export function ExternalIcon() {
  return (
    <Icon className="tw-icon--directional">
      <path d="M14 4h6v6" />
      <path d="M20 4 10 14" />
      <path d="M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}

export function ChevronDownIcon() {
  return (
    <Icon>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function UserIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}
