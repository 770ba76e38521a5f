import { ICS_PREFIX, type IcsAreaMappingAnswer, type IcsAreaMappingEntry } from '@trackwell/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { notify } from '../../../../lib/notify.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import { useGetIcsAreaMappingQuery, useSaveIcsAreaMappingMutation } from '../ics-areas-api.ts';
import { errorAt, type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { SaveBar } from './settings-screen.tsx';
import '../stores.css';

/**
 * `/admin/stores/:code/areas`: the store's mapping of ICS prefixes to its industry areas. A standard whose
 * ICS code falls under a prefix (13.110 covers 13.110.01) belongs to the area, and the area's trackers are
 * told of its changes. Rows are edited in place and saved together; the server checks them again.
 */
export function IcsAreasScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-stores');
  const mapping = useGetIcsAreaMappingQuery(code);
  if (!ready) return <PendingMessage>{t('loading')}</PendingMessage>;
  return (
    <ConsoleScreen title={t('icsAreas.title')}>
      {mapping.isLoading ? (
        <PendingMessage>{t('loading')}</PendingMessage>
      ) : mapping.error || !mapping.data ? (
        <ConsoleLoadError error={mapping.error} onRetry={mapping.refetch} />
      ) : (
        <IcsAreasForm key={code} code={code} saved={mapping.data} />
      )}
    </ConsoleScreen>
  );
}

const BLANK: IcsAreaMappingEntry = { prefix: '', area: '' };

/** What the form can tell before asking the server: a prefix that is no ICS code, a row without an area. */
function checkRows(rows: IcsAreaMappingEntry[], messages: { prefix: string; area: string }): FieldErrors {
  const fields: Record<string, string> = {};
  rows.forEach((row, i) => {
    if (!ICS_PREFIX.test(row.prefix.trim())) fields[`entries.${i}.prefix`] = messages.prefix;
    if (!row.area) fields[`entries.${i}.area`] = messages.area;
  });
  return { fields };
}

function IcsAreasForm({ code, saved }: { code: string; saved: IcsAreaMappingAnswer }) {
  const { t } = useTranslation('console-stores');
  const [rows, setRows] = useState(saved.entries);
  const [base, setBase] = useState(saved);
  // A newer answer (this form's save, or a refetch) becomes the form's starting point.
  if (base !== saved) {
    setBase(saved);
    setRows(saved.entries);
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [save, { isLoading }] = useSaveIcsAreaMappingMutation();
  const summaryRef = useRef<HTMLDivElement>(null);
  const changed = JSON.stringify(rows) !== JSON.stringify(saved.entries);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const local = checkRows(rows, { prefix: t('icsAreas.badPrefix'), area: t('icsAreas.noArea') });
    const refused = Object.keys(local.fields).length > 0;
    const answer = refused
      ? undefined
      : await save({ code, mapping: { entries: rows.map((r) => ({ ...r, prefix: r.prefix.trim() })) } });
    if (!answer || 'error' in answer) {
      setErrors(answer ? fieldErrorsOf(answer.error) : { ...local, message: t('icsAreas.seeRows') });
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    notify.success(t('icsAreas.saved'));
  }

  if (saved.areas.length === 0 && rows.length === 0) return <p>{t('icsAreas.noAreas')}</p>;
  return (
    <form onSubmit={submit} noValidate className="tw-stores__form">
      <p>{t('icsAreas.intro')}</p>
      <div ref={summaryRef} tabIndex={-1} className="tw-stores__summary">
        {errors.message ? (
          <div className="alert alert-danger" role="alert">
            {errors.message}
          </div>
        ) : null}
      </div>
      <MappingTable rows={rows} areas={saved.areas} errors={errors} onChange={setRows} />
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-3"
        onClick={() => setRows([...rows, BLANK])}
      >
        {t('icsAreas.add')}
      </button>
      <SaveBar
        changed={changed}
        busy={isLoading}
        onDiscard={() => {
          setRows(saved.entries);
          setErrors(NO_ERRORS);
        }}
      />
    </form>
  );
}

function MappingTable({
  rows,
  areas,
  errors,
  onChange,
}: {
  rows: IcsAreaMappingEntry[];
  areas: IcsAreaMappingAnswer['areas'];
  errors: FieldErrors;
  onChange: (rows: IcsAreaMappingEntry[]) => void;
}) {
  const { t } = useTranslation('console-stores');
  if (rows.length === 0) return <p>{t('icsAreas.empty')}</p>;
  const edit = (i: number, row: IcsAreaMappingEntry) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <table className="table table-sm align-top">
      <thead>
        <tr>
          <th scope="col">{t('icsAreas.prefix')}</th>
          <th scope="col">{t('icsAreas.area')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('icsAreas.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <MappingRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
            key={i}
            n={i + 1}
            row={row}
            areas={areas}
            errors={{
              prefix: errorAt(errors, `entries.${i}.prefix`),
              area: errorAt(errors, `entries.${i}.area`) ?? errors.fields[`entries.${i}`],
            }}
            onChange={(next) => edit(i, next)}
            onRemove={() => onChange(rows.filter((_, j) => j !== i))}
          />
        ))}
      </tbody>
    </table>
  );
}

function MappingRow({
  n,
  row,
  areas,
  errors,
  onChange,
  onRemove,
}: {
  n: number;
  row: IcsAreaMappingEntry;
  areas: IcsAreaMappingAnswer['areas'];
  errors: { prefix: string | undefined; area: string | undefined };
  onChange: (row: IcsAreaMappingEntry) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console-stores');
  const id = useId();
  // An area the store no longer has stays choosable, so the row shows what is saved.
  const known = areas.some((a) => a.marketingCode === row.area);
  return (
    <tr>
      <td>
        <input
          className={`form-control form-control-sm${errors.prefix ? ' is-invalid' : ''}`}
          dir="ltr"
          inputMode="decimal"
          value={row.prefix}
          aria-label={t('icsAreas.prefixOf', { n })}
          aria-invalid={errors.prefix ? true : undefined}
          aria-describedby={errors.prefix ? `${id}-prefix` : undefined}
          placeholder="13.110"
          onChange={(event) => onChange({ ...row, prefix: event.target.value })}
        />
        {errors.prefix ? (
          <div id={`${id}-prefix`} className="invalid-feedback">
            {errors.prefix}
          </div>
        ) : null}
      </td>
      <td>
        <select
          className={`form-select form-select-sm${errors.area ? ' is-invalid' : ''}`}
          value={row.area}
          aria-label={t('icsAreas.areaOf', { n })}
          aria-invalid={errors.area ? true : undefined}
          aria-describedby={errors.area ? `${id}-area` : undefined}
          onChange={(event) => onChange({ ...row, area: event.target.value })}
        >
          <option value="">{t('icsAreas.chooseArea')}</option>
          {areas.map((a) => (
            <option key={a.marketingCode} value={a.marketingCode}>
              {a.name}
            </option>
          ))}
          {row.area && !known ? <option value={row.area}>{row.area}</option> : null}
        </select>
        {errors.area ? (
          <div id={`${id}-area`} className="invalid-feedback">
            {errors.area}
          </div>
        ) : null}
      </td>
      <td>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-label={t('icsAreas.removeOf', { n })}
          onClick={onRemove}
        >
          {t('icsAreas.remove')}
        </button>
      </td>
    </tr>
  );
}
