import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Spinner } from '../ui/spinner.tsx';

/** The form buttons of the sign-in page and the account area (one kit). */

/** Disabled with a spinner and a "working" label while the step's call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  variant = 'primary',
  type = 'submit',
  onClick,
  disabled,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant?: 'primary' | 'outline-primary' | 'outline-secondary' | 'link';
  type?: 'submit' | 'button';
  onClick?: () => void;
  disabled?: boolean;
}) {
  // Until the page is live (a screen the server drew), a press would do nothing: disabled (lib/use-hydrated.ts).
  const live = useHydrated();
  const off = busy || disabled || !live;
  return (
    <button
      type={type}
      className={`btn btn-${variant} tw-btn-icon`}
      disabled={off}
      aria-disabled={off || undefined}
      onClick={onClick}
    >
      {busy ? <Spinner size="sm" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/** A secondary action (back, cancel, other links) that never submits the form. */
export function LinkButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  const live = useHydrated();
  return (
    <button type="button" className="btn btn-link px-0" onClick={onClick} disabled={disabled || !live}>
      {children}
    </button>
  );
}
