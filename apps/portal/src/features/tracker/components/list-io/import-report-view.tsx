import type { ListImportReport, ListImportRow, ListImportStandard } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../../../lib/i18n.ts';

/** How many rows of a long outcome list are shown (the counts above are always whole). */
const ROWS_SHOWN = 100;

const label = (s: ListImportStandard) => `${s.designation} — ${s.title}`;

type ReportProps = {
  report: ListImportReport;
  choices: Record<number, string>;
  onChoose: (row: number, assetId: string) => void;
};

/** The import's report: the counts, a choice per ambiguous row, and the rows of each outcome. */
export function ImportReportView({ report, choices, onChoose }: ReportProps) {
  const { t } = useTranslation('tracker');
  const { totals } = report;
  const of = (outcome: ListImportRow['outcome']) => report.rows.filter((r) => r.outcome === outcome);
  if (report.rows.length === 0) return <p role="status">{t('listIo.empty')}</p>;
  return (
    <div className="tw-list-report">
      <ul className="tw-list-report__totals" role="status">
        <li>{t('listIo.totals.matched', { n: totals.matched })}</li>
        <li>{t('listIo.totals.ambiguous', { n: totals.ambiguous })}</li>
        <li>{t('listIo.totals.notFound', { n: totals.notFound })}</li>
        <li>{t('listIo.totals.alreadyTracked', { n: totals.alreadyTracked })}</li>
      </ul>
      {of('ambiguous').map((row) => (
        <fieldset key={row.row} className="tw-list-report__choice">
          <legend>{t('listIo.choose', { row: row.row, value: row.value })}</legend>
          {[...(row.candidates ?? []), undefined].map((candidate) => (
            <div className="form-check" key={candidate?.assetId ?? ''}>
              <label className="form-check-label">
                <input
                  type="radio"
                  className="form-check-input"
                  name={`choice-${row.row}`}
                  checked={(choices[row.row] ?? '') === (candidate?.assetId ?? '')}
                  onChange={() => onChoose(row.row, candidate?.assetId ?? '')}
                />{' '}
                {candidate ? <bdi>{label(candidate)}</bdi> : t('listIo.skip')}
              </label>
            </div>
          ))}
        </fieldset>
      ))}
      <RowList title={t('listIo.matchedHeading')} rows={of('matched')} />
      <RowList title={t('listIo.notFoundHeading')} rows={of('not_found')} />
      <RowList title={t('listIo.alreadyTrackedHeading')} rows={of('already_tracked')} />
    </div>
  );
}

function RowList({ title, rows }: { title: string; rows: ListImportRow[] }) {
  const { t, i18n } = useTranslation('tracker');
  const arrow = directionOf(i18n.language) === 'rtl' ? ' ← ' : ' → ';
  if (rows.length === 0) return null;
  return (
    <details className="tw-list-report__rows">
      <summary>{title}</summary>
      <ul>
        {rows.slice(0, ROWS_SHOWN).map((row) => (
          <li key={row.row}>
            {t('listIo.row', { row: row.row })} <bdi>{row.value}</bdi>
            {row.standard ? (
              <>
                {arrow}
                <bdi>{row.standard.designation}</bdi>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {rows.length > ROWS_SHOWN ? <p>{t('listIo.more', { n: rows.length - ROWS_SHOWN })}</p> : null}
    </details>
  );
}
