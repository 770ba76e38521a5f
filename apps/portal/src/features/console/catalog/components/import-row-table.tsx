import type { ImportRowOutcome } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.join('; ')
      : String(value);

const said = (e: { field: string | null; reason: string }) =>
  e.field ? `${e.field}: ${e.reason}` : e.reason;

/** The standards a row is linked to once applied: its predecessors, its successor, the base of a supplement. */
function linksOf(row: ImportRowOutcome, t: TFunction<'console-catalog'>): string[] {
  const links = row.links;
  if (!links) return [];
  return [
    ...(links.replaces?.length ? [t('rows.replaces', { designations: links.replaces.join(', ') })] : []),
    ...(links.replacedBy ? [t('rows.replacedBy', { designation: links.replacedBy })] : []),
    ...(links.supplementOf ? [t('rows.supplementOf', { designation: links.supplementOf })] : []),
  ];
}

/**
 * A row's details: its refusals (column and reason), or its changed fields old → new, the standards it is
 * linked to and the event it records; then what the file left out for it (an empty committee, an edition
 * taken from the date, a link to a standard neither in the catalogue nor in the file), as notes.
 */
function details(row: ImportRowOutcome, t: TFunction<'console-catalog'>): string[] {
  const notes = (row.warnings ?? []).map((w) => t('rows.note', { note: said(w) }));
  if (row.outcome === 'error') return [...(row.errors ?? []).map(said), ...notes];
  const changes = (row.changes ?? []).map((c) => `${c.field}: ${show(c.from)} → ${show(c.to)}`);
  const event = row.event ? [t('rows.event', { event: t(`eventKinds.${row.event}`) })] : [];
  return [...changes, ...linksOf(row, t), ...event, ...notes];
}

/** Where a row is: its line; a publisher or committee the file only names; or the file as a whole. */
function lineOf(row: ImportRowOutcome, t: TFunction<'console-catalog'>) {
  if (row.row > 0) return row.row;
  return row.kind ? t('rows.named') : t('rows.wholeFile');
}

/** Each row of the file with what the import does to it, or why it is refused. */
export function ImportRowTable({ rows }: { rows: ImportRowOutcome[] }) {
  const { t } = useTranslation('console-catalog');
  // A batch of files: each row says which file it comes from.
  const withFiles = rows.some((row) => row.file);
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle tw-console__table tw-catalog__rows">
        <caption className="tw-visually-hidden">{t('rows.caption')}</caption>
        <thead>
          <tr>
            {withFiles ? <th scope="col">{t('rows.file')}</th> : null}
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
              key={`${row.file ?? ''}-${row.row}-${row.kind ?? ''}-${row.key ?? ''}`}
              className={row.outcome === 'error' ? 'table-danger' : undefined}
            >
              {withFiles ? (
                <td dir="ltr" className="tw-catalog__file-name">
                  {row.file ?? '—'}
                </td>
              ) : null}
              <td>{lineOf(row, t)}</td>
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
