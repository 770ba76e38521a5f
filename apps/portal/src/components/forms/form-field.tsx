import { type ReactNode, type Ref, useId } from 'react';

/**
 * The form fields of the sign-in page and the account area (one kit): every field has a label, its hint and
 * its error are linked with aria-describedby, an error marks the field invalid.
 */

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'url';
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'text' | 'url';
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
  /** The input's id, when the form must find it (else a generated one). */
  id?: string;
  /** The input itself (to focus it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Classes added to the input's `form-control`. */
  inputClassName?: string;
}

/** A labelled text, e-mail or password input with its hint and error. */
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
  id: givenId,
  inputRef,
  inputClassName,
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [...(hint ? [hintId] : []), ...(error ? [errorId] : []), ...describedBy];
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={autoComplete.split(' ').pop()}
        className={`form-control${inputClassName ? ` ${inputClassName}` : ''}${error ? ' is-invalid' : ''}`}
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
