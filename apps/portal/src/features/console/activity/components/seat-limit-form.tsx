import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify.ts';

/** The seat limit's form: a whole number from 1 to 100,000. */
export function SeatLimitForm({
  current,
  busy,
  onSave,
}: {
  current: number;
  busy: boolean;
  onSave: (seatLimit: number) => Promise<boolean>;
}) {
  const { t } = useTranslation('console-activity');
  const [value, setValue] = useState(String(current));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSave(Number(value))) notify.success(t('organisations.seatsSaved', { limit: value }));
  };
  return (
    <form className="tw-activity__filters" onSubmit={submit}>
      <div>
        <label className="form-label" htmlFor="tw-org-seat-limit">
          {t('organisations.seatLimit')}
        </label>
        <input
          id="tw-org-seat-limit"
          className="form-control"
          type="number"
          min={1}
          max={100000}
          step={1}
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          dir="ltr"
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('organisations.saveSeats')}
      </button>
    </form>
  );
}
