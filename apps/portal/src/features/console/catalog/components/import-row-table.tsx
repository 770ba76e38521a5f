import type { ImportRowOutcome } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

/** A row's details: its refusals (column and reason), or its changed fields old → new and the event it records. */
function details(row: ImportRowOutcome, t: TFunction<'console-catalog'>): string[] {
  if (row.outcome === 'error') {
    return (row.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.reason}` : e.reason));
  }
  const changes = (row.changes ?? []).map((c) => `${c.field}: ${show(c.from)} → ${show(c.to)}`);
  return row.event ? [...changes, t('rows.event', { event: t(`eventKinds.${row.event}`) })] : changes;
}

/** Each row of the file with what the import does to it, or why it is refused. */
export function ImportRowTable({ rows }: { rows: ImportRowOutcome[] }) {
  const { t } = useTranslation('console-catalog');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle tw-console__table tw-catalog__rows">
        <caption className="tw-visually-hidden">{t('rows.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rows.line')}</th>
            <th scope="col">{t('rows.kind')}</th>
            <th scope="col">{t('rows.key')}</th>
            <th scope="col">{t('rows.outcome')}</th>
            <th scope="col">{t('rows.details')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.row}-${row.key ?? ''}`}
              className={row.outcome === 'error' ? 'table-danger' : undefined}
            >
              <td>{row.row === 0 ? t('rows.wholeFile') : row.row}</td>
              <td>{row.kind ? t(`kinds.${row.kind}`) : '—'}</td>
              <td dir="auto">{row.key ?? '—'}</td>
              <td>
                <span className={`tw-catalog__outcome tw-catalog__outcome--${row.outcome}`}>
                  {t(`outcomes.${row.outcome}`)}
                </span>
              </td>
              <td>
                <ul className="tw-catalog__details">
                  {details(row, t).map((line) => (
                    <li key={line} dir="auto">
                      {line}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
