import type { ConsoleStoreDefinition } from '@trackwell/contracts';
import { type ReactNode, useId } from 'react';

/** What the settings form edits: the definition without its theme and logo (the theme screen's). */
export type SettingsDraft = Pick<ConsoleStoreDefinition, 'hosts' | 'config' | 'featureFlags'>;
/** Changes the draft: `change` mutates a copy. */
export type EditDraft = (change: (draft: SettingsDraft) => void) => void;

/** A switch (Bootstrap form-switch) with its label, hint and error. */
export function SwitchField({
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="form-check form-switch mb-2">
      <input
        id={id}
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={described || undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A labelled multi-line text with its error. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  lang,
  dir,
  rows = 4,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        rows={rows}
        lang={lang}
        dir={dir}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A fieldset of the settings form: its legend, then its fields. */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="tw-stores__group">
      <legend className="tw-stores__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
