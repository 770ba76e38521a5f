import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { AuthnErrorKey } from '../lib/authn-errors.ts';

/**
 * The sign-in page's form building blocks ("accessible form"): every field has a label, its
 * hint and error are linked with aria-describedby, and each step's heading or error takes the focus so a
 * screen-reader user hears where they are.
 */

/** A step's heading; focused when the step appears (the page changes without a navigation). */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 className="tw-page-title tw-signin__title" tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** The step's error, announced and focused each time it changes. */
export function ErrorAlert({ error, id }: { error: AuthnErrorKey | null; id?: string }) {
  const { t } = useTranslation('signin');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  // The live region stays in the page so the message is announced when it is filled in.
  return (
    <div role="alert" id={id} tabIndex={-1} ref={ref} className={error ? 'alert alert-danger' : undefined}>
      {error ? t(error) : null}
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'text';
  hint?: ReactNode;
  /** Already translated. */
  error?: string | null;
  required?: boolean;
  autoFocus?: boolean;
  /** Ids of other elements describing the field (e.g. the step's error, the password rules). */
  describedBy?: string[];
  maxLength?: number;
  pattern?: string;
  disabled?: boolean;
  readOnly?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
}

export function Field({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  error,
  required = true,
  describedBy = [],
  maxLength,
  pattern,
  disabled,
  readOnly,
  dir,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [...(hint ? [hintId] : []), ...(error ? [errorId] : []), ...describedBy];
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={autoComplete.split(' ').pop()}
        className={`form-control${error ? ' is-invalid' : ''}`}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        maxLength={maxLength}
        pattern={pattern}
        disabled={disabled}
        readOnly={readOnly}
        dir={dir}
      />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A checkbox option (remember device, send push automatically). */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="form-check mb-3">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

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
  variant?: 'primary' | 'outline-secondary' | 'link';
  type?: 'submit' | 'button';
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type={type}
      className={`btn btn-${variant} tw-btn-icon`}
      disabled={busy || disabled}
      aria-disabled={busy || disabled || undefined}
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
  return (
    <button type="button" className="btn btn-link px-0" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
