import { Icon } from './icons.tsx';

/**
 * The line icons of the screens loaded after the first one (error pages, the tracker's tables, password
 * rules, footer links), apart from the shell's (icons.tsx), so the first download does not carry them.
 * They are decorative: the text beside them carries the meaning.
 */

/** Points to the reading start, so it is mirrored in right-to-left text (see .tw-icon--directional). */
export function BackIcon() {
  return (
    <Icon className="tw-icon--directional">
      <path d="M19 12H5" />
      <path d="m12 19-7-7 7-7" />
    </Icon>
  );
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="m3 10 9-7 9 7" />
      <path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function InfoIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5" />
      <path d="M12 8h.01" />
    </Icon>
  );
}

/** The fallback for a social network without a bundled brand icon. */
export function LinkIcon() {
  return (
    <Icon>
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
    </Icon>
  );
}

export function TrashIcon() {
  return (
    <Icon>
      <path d="M3 6h18" />
      <path d="M8 6V4a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2" />
      <path d="M19 6l-1 14a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1L5 6" />
      <path d="M10 11v6" />
      <path d="M14 11v6" />
    </Icon>
  );
}

/** A ticked circle: a rule that is met (password rules). */
export function CheckCircleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.75 2.75L16 10" />
    </Icon>
  );
}

/** An empty circle: a rule not met yet. */
export function CircleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
    </Icon>
  );
}
