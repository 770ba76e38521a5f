import { type ReactNode, useId } from 'react';

/**
 * The catalogue's form fields: labelled, their hint and error linked with aria-describedby, an error marks
 * the field invalid (the portal's form kit, with the date input and the select these forms need).
 */
type Common = {
  label: string;
  hint?: ReactNode;
  /** Already translated (or the server's words). */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Identifies the field for the tests and for focusing the first error. */
  name: string;
};

function useDescribed(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const described = [...(hint ? [`${id}-hint`] : []), ...(error ? [`${id}-error`] : [])];
  return { id, describedBy: described.length > 0 ? described.join(' ') : undefined };
}

function Below({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </>
  );
}

export function InputField({
  label,
  hint,
  error,
  required = false,
  disabled,
  name,
  value,
  onChange,
  type = 'text',
  dir,
  maxLength,
  rows,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'date' | 'url';
  dir?: 'ltr' | 'auto';
  maxLength?: number;
  /** Several lines (a textarea of this many rows). */
  rows?: number;
}) {
  const { id, describedBy } = useDescribed(hint, error);
  const props = {
    id,
    name,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value,
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    dir,
    maxLength,
    autoComplete: 'off',
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {rows ? (
        <textarea {...props} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      <Below id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  required = false,
  disabled,
  name,
  value,
  onChange,
  options,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { id, describedBy } = useDescribed(hint, error);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Below id={id} hint={hint} error={error} />
    </div>
  );
}

/** Focuses the first field of `form` marked invalid (after the server named fields). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
