import { WORK_ITEM_STATUSES } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import type { ChangeField } from '../lib/change-form.ts';
import { InputField, SelectField } from './fields.tsx';
import { StandardPicker } from './standard-picker.tsx';

/** The label key of a field path: `standard.contentCode` → `changeFields.standard_contentCode`. */
const labelKey = (path: string) => `changeFields.${path.replaceAll('.', '_')}` as 'changeFields.designation';
const hintKey = (path: string) => `changeHints.${path.replaceAll('.', '_')}` as 'changeHints.note';
const HINTED = new Set([
  'standard.industryAreas',
  'designation',
  'note',
  'summary',
  'compareUrl',
  'replaces.contentCode',
  'replacedBy.contentCode',
]);

/** The longest value of an input kind the contract takes (others: 500 for free text, else 64). */
const MAX_LENGTH: Partial<Record<ChangeField['input'], number>> = { list: 64 * 21, summary: 1000, url: 2048 };

/** One field of the change form, by its kind of input. */
export function ChangeFieldInput({
  code,
  field,
  value,
  error,
  onChange,
  disabled,
}: {
  code: string;
  field: ChangeField;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('console-catalog');
  const label = field.required
    ? t(labelKey(field.path))
    : t('changes.optional', { label: t(labelKey(field.path)) });
  const hint = HINTED.has(field.path) ? t(hintKey(field.path)) : undefined;
  const common = { name: field.path, label, error, disabled, required: field.required, hint };
  if (field.input === 'standard') {
    return <StandardPicker code={code} {...common} value={value} onChange={onChange} />;
  }
  if (field.input === 'workItemStatus') {
    return (
      <SelectField
        {...common}
        value={value || 'proposed'}
        onChange={onChange}
        options={WORK_ITEM_STATUSES.map((s) => ({ value: s, label: t(`workItemStatuses.${s}`) }))}
      />
    );
  }
  const free = field.path === 'note' || field.path.endsWith('title') || field.input === 'summary';
  return (
    <InputField
      {...common}
      type={field.input === 'date' || field.input === 'url' ? field.input : 'text'}
      value={value}
      onChange={onChange}
      dir={free ? 'auto' : 'ltr'}
      maxLength={MAX_LENGTH[field.input] ?? (free ? 500 : 64)}
      rows={field.input === 'summary' ? 3 : undefined}
    />
  );
}
