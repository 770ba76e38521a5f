import { EVIDENCE_FORMATS, type EvidenceFormat } from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/forms/form-buttons.tsx';
import { asLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { saveObjectUrl } from '../../../lib/save-file.ts';
import { useEvidenceReportMutation } from '../api/evidence.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
/** The formats by their own names (not words to translate). */
const FORMAT_NAMES: Record<EvidenceFormat, string> = { pdf: 'PDF', csv: 'CSV', xlsx: 'Excel (XLSX)' };

/** The last 12 months up to today (UTC days): the form's first period. */
export function lastTwelveMonths(today = new Date()) {
  const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
  return { from: day(from), to: day(today) };
}

/**
 * "Evidence report" on a list: a period (the last 12 months at first) and a format, then the file (PDF,
 * CSV or Excel) is downloaded in the page's language: every change in the period, who reviewed it, the
 * decision, when, overdue ones marked.
 */
export function EvidenceReport({ organisationId, listId }: { organisationId: string; listId: string }) {
  const { t, i18n } = useTranslation('organisations');
  const [period, setPeriod] = useState(lastTwelveMonths);
  const [format, setFormat] = useState<EvidenceFormat>('pdf');
  const [download, { isLoading }] = useEvidenceReportMutation();
  const ids = { format: useId(), heading: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await download({
      organisationId,
      listId,
      ...period,
      format,
      lang: asLanguage(i18n.language),
    });
    if ('error' in result || !result.data) {
      notify.error(t('evidence.failed'));
      return;
    }
    saveObjectUrl(result.data.url, result.data.fileName);
  };
  return (
    <section className="mt-3" aria-labelledby={ids.heading}>
      <h4 id={ids.heading} className="h6">
        {t('evidence.title')}
      </h4>
      <p className="small text-body-secondary mb-2">{t('evidence.intro')}</p>
      <form onSubmit={submit} className="tw-org__form">
        <DayField
          label={t('evidence.from')}
          value={period.from}
          max={period.to}
          onChange={(from) => setPeriod({ ...period, from })}
        />
        <DayField
          label={t('evidence.to')}
          value={period.to}
          min={period.from}
          onChange={(to) => setPeriod({ ...period, to })}
        />
        <div className="tw-org__field">
          <label htmlFor={ids.format} className="form-label">
            {t('evidence.format')}
          </label>
          <select
            id={ids.format}
            className="form-select form-select-sm"
            value={format}
            onChange={(e) => setFormat(e.target.value as EvidenceFormat)}
          >
            {EVIDENCE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_NAMES[f]}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton busy={isLoading} label={t('evidence.download')} busyLabel={t('working')} />
      </form>
    </section>
  );
}

/** A labelled day (YYYY-MM-DD) of the period. */
function DayField(props: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="tw-org__field">
      <label htmlFor={id} className="form-label">
        {props.label}
      </label>
      <input
        id={id}
        type="date"
        className="form-control form-control-sm"
        value={props.value}
        min={props.min}
        max={props.max}
        required
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
