import type { ImportFileOutcome, ImportRowOutcome, ImportTotals } from '@trackwell/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DryRunAnswer } from '../lib/use-import.ts';
import { ImportRowTable } from './import-row-table.tsx';

/** New / changed / unchanged / refused, as a list of counts. */
export function ImportTotalsList({ totals }: { totals: ImportTotals }) {
  const { t } = useTranslation('console-catalog');
  const items = [
    ['new', totals.new],
    ['changed', totals.changed],
    ['unchanged', totals.unchanged],
    ['error', totals.error],
  ] as const;
  return (
    <dl className="tw-catalog__totals">
      {items.map(([key, count]) => (
        <div key={key} className={`tw-catalog__total tw-catalog__total--${key}`}>
          <dt>{t(`outcomes.${key}`)}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A batch's files, each with what became of it: read (its standards), skipped or refused (why). */
export function ImportFileList({ files }: { files: ImportFileOutcome[] }) {
  const { t } = useTranslation('console-catalog');
  return (
    <section aria-labelledby="tw-catalog-files-title">
      <h5 id="tw-catalog-files-title" className="h6">
        {t('files.title', { count: files.length })}
      </h5>
      <ul className="tw-catalog__files">
        {files.map((f) => (
          <li key={f.file} className={`tw-catalog__file-outcome tw-catalog__file-outcome--${f.outcome}`}>
            <span dir="ltr" className="tw-catalog__file-name">
              {f.file}
            </span>{' '}
            <span>
              {f.outcome === 'read'
                ? t('files.read', { count: f.standards })
                : t(`files.${f.outcome}`, { reason: f.reason ?? '' })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const eventsOf = (rows: ImportRowOutcome[]) => rows.filter((row) => row.event).length;

/**
 * What the dry run found: the totals, whether anything blocks applying the file, and the rows (refused ones
 * first; at most the first 1000 come, which it says). Its heading takes the focus when it appears.
 */
export function DryRunReport({ answer, fileName }: { answer: DryRunAnswer; fileName: string }) {
  const { t } = useTranslation('console-catalog');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { totals } = answer;
  const total = totals.new + totals.changed + totals.unchanged + totals.error;
  const events = eventsOf(answer.rows);
  return (
    <section className="tw-catalog__report" aria-labelledby="tw-catalog-dry-run-title">
      <h4 id="tw-catalog-dry-run-title" className="h6" tabIndex={-1} ref={heading}>
        {t('dryRun.title', { file: fileName })}
      </h4>
      <ImportTotalsList totals={totals} />
      {!answer.complete ? (
        <div className="alert alert-danger" role="alert">
          {t('dryRun.incomplete')}
        </div>
      ) : totals.error > 0 ? (
        <div className="alert alert-warning">{t('dryRun.blocked', { count: totals.error })}</div>
      ) : (
        <div className="alert alert-success">
          {t('dryRun.ready', { count: totals.new + totals.changed })}
          {events > 0 ? ` ${t('dryRun.events', { count: events })}` : ''}
        </div>
      )}
      {answer.files && answer.files.length > 0 ? <ImportFileList files={answer.files} /> : null}
      {answer.leftOut ? <p className="form-text">{t('dryRun.leftOut', { count: answer.leftOut })}</p> : null}
      {answer.rowsShown < total ? (
        <p className="form-text">{t('dryRun.firstRows', { shown: answer.rowsShown, total })}</p>
      ) : null}
      {answer.rows.length > 0 ? <ImportRowTable rows={answer.rows} /> : <p>{t('dryRun.noRows')}</p>}
    </section>
  );
}
