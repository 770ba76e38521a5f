import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/forms/form-buttons.tsx';
import { Field } from '../../../../components/forms/form-field.tsx';

/**
 * "Create with a label" (an API key, a client): a labelled field, its error from the server next to it, and
 * the create button. `onCreate` resolves when created (the form empties) and rejects with the call's error.
 */
export function LabelForm({
  fieldLabel,
  hint,
  submitLabel,
  onCreate,
}: {
  fieldLabel: string;
  hint: string;
  submitLabel: string;
  onCreate: (label: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('console-activity');
  const { t: tCommon } = useTranslation();
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!label.trim()) {
      setError(t('form.labelRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onCreate(label.trim());
      setLabel('');
    } catch (failure) {
      const { fieldErrors } = await import('../../../../lib/field-errors.ts');
      setError(fieldErrors(failure, ['label'], 'label', tCommon).label);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tw-activity__inline-form" onSubmit={submit} noValidate>
      <Field
        label={fieldLabel}
        hint={hint}
        value={label}
        onChange={setLabel}
        autoComplete="off"
        maxLength={100}
        error={error}
      />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={t('form.working')} />
    </form>
  );
}
