import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The choices of the "review due within N months" filter (undefined: any time). */
export const REVIEW_DUE_CHOICES = [3, 6, 12, 24] as const;

/**
 * The tracked-standards filter "review due within N months" (forecasts, overdue ones included). A native
 * select: keyboard and screen readers get its own behaviour.
 */
export function ReviewDueFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (months: number | undefined) => void;
}) {
  const { t } = useTranslation('tracker');
  const id = useId();
  return (
    <div className="tw-review-due-filter">
      <label htmlFor={id} className="form-label">
        {t('forecast.filter.label')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{t('forecast.filter.any')}</option>
        {REVIEW_DUE_CHOICES.map((months) => (
          <option key={months} value={months}>
            {t('forecast.filter.within', { count: months })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter's state and its control; `onChange` also runs `onReset` (the table goes back to its first page). */
export function useReviewDueFilter(onReset: () => void) {
  const { t } = useTranslation('tracker');
  const [dueWithinMonths, setDueWithinMonths] = useState<number>();
  const control = (
    <ReviewDueFilter
      value={dueWithinMonths}
      onChange={(months) => {
        setDueWithinMonths(months);
        onReset();
      }}
    />
  );
  return { dueWithinMonths, control, emptyText: dueWithinMonths ? t('forecast.emptyFiltered') : undefined };
}
