import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';

/** What a preference card needs of its query (RTK Query's result satisfies it). */
export interface PreferenceQuery<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * An account preference saved as it is changed (the monthly status report, the review alert): its card with
 * a title and what it does, then while loading a spinner, after a failed load the error with a retry, and
 * once loaded its controls (`children`, given the saved answer).
 */
export function PreferenceCard<T>({
  title,
  intro,
  loadError,
  query,
  children,
}: {
  title: string;
  intro: string;
  loadError: string;
  query: PreferenceQuery<T>;
  children: (saved: T) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {title}
      </h3>
      <p className="tw-account__hint">{intro}</p>
      {query.isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {query.isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{loadError}</p>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void query.refetch()}
          >
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {query.data ? children(query.data) : null}
    </section>
  );
}

/** A preference's on/off switch (a checkbox with the switch role), and what is said under it, if anything. */
export function PreferenceSwitch({
  label,
  checked,
  disabled,
  onToggle,
  note,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
  note?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="form-check form-switch">
      <input
        id={`${id}-switch`}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={onToggle}
      />
      <label htmlFor={`${id}-switch`} className="form-check-label">
        {label}
      </label>
      {note ? (
        <p id={`${id}-note`} className="tw-account__hint mb-0">
          {note}
        </p>
      ) : null}
    </div>
  );
}
