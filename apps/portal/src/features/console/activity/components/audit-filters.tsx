import { AUDIT_ACTIONS } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/forms/form-field.tsx';
import type { AuditFilters } from '../api/audit.ts';
import { dayInstant } from '../lib/audit-days.ts';

type Form = { actor: string; action: string; from: string; to: string; store: string };
const EMPTY: Form = { actor: '', action: '', from: '', to: '', store: '' };

/**
 * The audit log's filters: actor, action and a range of days (`withStore`: and a store's code); applied on
 * "Filter", cleared by "Clear".
 */
export function AuditFiltersForm({
  onApply,
  withStore = false,
}: {
  onApply: (filters: AuditFilters) => void;
  withStore?: boolean;
}) {
  const { t } = useTranslation('console-activity');
  const [form, setForm] = useState<Form>(EMPTY);
  const [toError, setToError] = useState<string | undefined>();
  const ids = { action: useId(), from: useId(), to: useId() };
  const set = (field: keyof Form) => (value: string) => setForm({ ...form, [field]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.from && form.to && form.to < form.from) {
      setToError(t('audit.toBeforeFrom'));
      return;
    }
    setToError(undefined);
    onApply({
      actor: form.actor.trim() || undefined,
      action: form.action || undefined,
      from: dayInstant(form.from),
      to: dayInstant(form.to, true),
      store: form.store.trim().toLowerCase() || undefined,
    });
  }

  return (
    <form className="tw-activity__filters" onSubmit={submit} noValidate aria-label={t('audit.filters')}>
      <Field
        label={t('audit.actor')}
        value={form.actor}
        onChange={set('actor')}
        autoComplete="off"
        required={false}
      />
      {withStore ? (
        <Field
          label={t('audit.storeFilter')}
          value={form.store}
          onChange={set('store')}
          autoComplete="off"
          required={false}
        />
      ) : null}
      <ActionSelect id={ids.action} value={form.action} onChange={set('action')} />
      <DateField id={ids.from} label={t('audit.from')} value={form.from} onChange={set('from')} />
      <DateField id={ids.to} label={t('audit.to')} value={form.to} onChange={set('to')} error={toError} />
      <div className="tw-activity__filter-buttons">
        <button type="submit" className="btn btn-primary">
          {t('audit.apply')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            setForm(EMPTY);
            setToError(undefined);
            onApply({});
          }}
        >
          {t('audit.clear')}
        </button>
      </div>
    </form>
  );
}

function DateField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The action filter: any action, or one of the audit log's actions by its label. */
function ActionSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('console-activity');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('audit.action')}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('audit.anyAction')}</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {t(`actions.${action}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
