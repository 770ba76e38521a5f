import type { ConsoleAuditEntry } from '@trackwell/contracts';
import { isAuditAction } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { Breakable } from '../../components/breakable.tsx';
import { auditDiff } from '../lib/audit-diff.ts';
import { formatInstant } from '../lib/format.ts';

/**
 * Audit entries: when, who, what (action and target), and what changed (before → after, a list of fields);
 * `showStore`: each entry's store too (the log of every store). Below 640 px each entry is a card, its cells
 * named by their column (`data-label`); addresses and keys wrap only at their separators.
 */
export function AuditTable({
  entries,
  showStore = false,
}: {
  entries: ConsoleAuditEntry[];
  showStore?: boolean;
}) {
  const { t, i18n } = useTranslation('console-activity');
  return (
    <div className="table-responsive">
      <table className="table align-middle tw-console__table tw-console__cards">
        <caption className="tw-visually-hidden">{t('audit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            {showStore ? <th scope="col">{t('audit.store')}</th> : null}
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t('audit.when')}>{formatInstant(entry.at, i18n.language)}</td>
              {showStore ? (
                <td data-label={t('audit.store')}>
                  <code dir="ltr">{entry.store ?? '—'}</code>
                </td>
              ) : null}
              <td data-label={t('audit.who')}>
                <Breakable text={entry.actorLogin || entry.actorId} />
                <span className="d-block small tw-activity__muted">{t(`actorKinds.${entry.actorKind}`)}</span>
              </td>
              <td data-label={t('audit.what')}>
                <span className="d-block">
                  {isAuditAction(entry.action) ? t(`actions.${entry.action}`) : entry.action}
                </span>
                <code className="small">
                  <Breakable text={entry.target} />
                </code>
              </td>
              <td data-label={t('audit.change')}>
                <AuditDiff before={entry.before} after={entry.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('console-activity');
  const lines = auditDiff(before, after);
  if (lines.length === 0) return <span className="tw-activity__muted">{t('audit.noChange')}</span>;
  return (
    <ul className="tw-activity__diff" dir="ltr">
      {lines.map((line) => (
        <li key={line.field}>
          {line.field ? (
            <span className="tw-activity__diff-field">
              <Breakable text={line.field} />:{' '}
            </span>
          ) : null}
          {line.before !== undefined ? (
            <del>
              <span className="tw-visually-hidden">{t('audit.before')} </span>
              <Breakable text={line.before} />
            </del>
          ) : null}
          {line.before !== undefined && line.after !== undefined ? <span aria-hidden="true"> → </span> : null}
          {line.after !== undefined ? (
            <ins>
              <span className="tw-visually-hidden">{t('audit.after')} </span>
              <Breakable text={line.after} />
            </ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
