import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyAnswer } from '../lib/use-import.ts';
import { ImportTotalsList } from './dry-run-report.tsx';

/**
 * What applying did: the totals and the change events recorded with the users they e-mail; or why nothing
 * (refused) or only part (failed) was written, with the refused rows. Its heading takes the focus.
 */
export function ApplyReport({ answer }: { answer: ApplyAnswer }) {
  const { t } = useTranslation('console-catalog');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const ok = answer.outcome === 'applied';
  return (
    <section className="tw-catalog__report" aria-labelledby="tw-catalog-apply-title">
      <h4 id="tw-catalog-apply-title" className="h6" tabIndex={-1} ref={heading}>
        {t(`applied.title.${answer.outcome}`)}
      </h4>
      <ImportTotalsList totals={answer.totals} />
      {ok ? (
        <div className="alert alert-success" role="status">
          {answer.events > 0
            ? `${t('applied.events', { count: answer.events })} ${t('applied.recipients', { count: answer.recipients })}`
            : t('applied.noEvents')}
        </div>
      ) : (
        <div className="alert alert-danger" role="alert">
          {answer.message ?? t(`applied.title.${answer.outcome}`)}
        </div>
      )}
      {answer.errors.length > 0 ? (
        <ul className="tw-catalog__errors">
          {answer.errors.map((e) => (
            <li key={`${e.row}-${e.field ?? ''}-${e.reason}`} dir="auto">
              {t('applied.error', { row: e.row, field: e.field ?? '—', reason: e.reason })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
