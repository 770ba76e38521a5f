import { ICS_PREFIX, type IcsAreaMappingAnswer, type IcsAreaMappingEntry } from '@trackwell/contracts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
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

/** A row of the editor: the entry and its place (rows are edited in place; the place is the identity). */
type EditedRow = IcsAreaMappingEntry & { i: number };

/**
 * The mapping as the portal's DataTable: a prefix field, an area select and Remove per row, in the order
 * saved (no column sorts: rows are edited in place); below 640 px one card per row, Remove in view.
 */
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
  const columns = useMappingColumns({ rows, areas, errors, onChange });
  const edited = useMemo(() => rows.map((row, i) => ({ ...row, i })), [rows]);
  if (rows.length === 0) return <p>{t('icsAreas.empty')}</p>;
  return (
    <DataTable
      caption={t('icsAreas.caption')}
      columns={columns}
      rows={edited}
      rowId={(row) => String(row.i)}
      status={{ isLoading: false }}
      empty={t('icsAreas.empty')}
      sortable={false}
      columnMenu={false}
    />
  );
}

type Live = {
  rows: IcsAreaMappingEntry[];
  areas: IcsAreaMappingAnswer['areas'];
  errors: FieldErrors;
  onChange: (rows: IcsAreaMappingEntry[]) => void;
};

/**
 * The editor's columns, made once: a cell is a component to React, so columns made anew on each render would
 * remount every field (the focus lost at each key). What changes (rows, errors, areas) is read from a ref.
 */
function useMappingColumns(live: Live): DataColumn<EditedRow>[] {
  const { t } = useTranslation('console-stores');
  const id = useId();
  const now = useRef(live);
  now.current = live;
  return useMemo(() => {
    const edit = (i: number, change: Partial<IcsAreaMappingEntry>) =>
      now.current.onChange(now.current.rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
    const errorOf = (i: number, field: 'prefix' | 'area') =>
      errorAt(now.current.errors, `entries.${i}.${field}`) ??
      (field === 'area' ? now.current.errors.fields[`entries.${i}`] : undefined);
    return [
      {
        id: 'prefix',
        meta: { label: t('icsAreas.prefix') },
        cell: ({ row: { original: row } }) => (
          <PrefixField
            id={`${id}-${row.i}-prefix`}
            value={row.prefix}
            label={t('icsAreas.prefixOf', { n: row.i + 1 })}
            error={errorOf(row.i, 'prefix')}
            onChange={(prefix) => edit(row.i, { prefix })}
          />
        ),
      },
      {
        id: 'area',
        meta: { label: t('icsAreas.area') },
        cell: ({ row: { original: row } }) => (
          <AreaField
            id={`${id}-${row.i}-area`}
            value={row.area}
            areas={now.current.areas}
            label={t('icsAreas.areaOf', { n: row.i + 1 })}
            error={errorOf(row.i, 'area')}
            onChange={(area) => edit(row.i, { area })}
          />
        ),
      },
      {
        id: 'actions',
        meta: { label: t('icsAreas.actions'), actions: true },
        cell: ({ row: { original: row } }) => (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={t('icsAreas.removeOf', { n: row.i + 1 })}
            onClick={() => now.current.onChange(now.current.rows.filter((_, j) => j !== row.i))}
          >
            {t('icsAreas.remove')}
          </button>
        ),
      },
    ];
  }, [t, id]);
}

function PrefixField(props: {
  id: string;
  value: string;
  label: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <input
        className={`form-control form-control-sm${props.error ? ' is-invalid' : ''}`}
        dir="ltr"
        inputMode="decimal"
        value={props.value}
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? props.id : undefined}
        placeholder="13.110"
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error ? (
        <div id={props.id} className="invalid-feedback">
          {props.error}
        </div>
      ) : null}
    </>
  );
}

function AreaField(props: {
  id: string;
  value: string;
  areas: IcsAreaMappingAnswer['areas'];
  label: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('console-stores');
  // An area the store no longer has stays choosable, so the row shows what is saved.
  const known = props.areas.some((a) => a.marketingCode === props.value);
  return (
    <>
      <select
        className={`form-select form-select-sm${props.error ? ' is-invalid' : ''}`}
        value={props.value}
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? props.id : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{t('icsAreas.chooseArea')}</option>
        {props.areas.map((a) => (
          <option key={a.marketingCode} value={a.marketingCode}>
            {a.name}
          </option>
        ))}
        {props.value && !known ? <option value={props.value}>{props.value}</option> : null}
      </select>
      {props.error ? (
        <div id={props.id} className="invalid-feedback">
          {props.error}
        </div>
      ) : null}
    </>
  );
}
