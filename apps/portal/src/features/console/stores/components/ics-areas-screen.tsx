import { ICS_PREFIX, type IcsAreaMappingAnswer, type IcsAreaMappingEntry } from '@trackwell/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import { useGetIcsAreaMappingQuery, useSaveIcsAreaMappingMutation } from '../ics-areas-api.ts';
import { errorAt, type FieldErrors } from '../lib/field-errors.ts';
import {
  type Placed,
  PlacedRowsTable,
  RowInput,
  RowSelect,
  RowsFormFrame,
  removeColumn,
  rowEdits,
  useLive,
  useRowsForm,
} from './rows-form.tsx';
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
  const [save, { isLoading }] = useSaveIcsAreaMappingMutation();
  const form = useRowsForm({
    answer: saved,
    rowsOf: (answer) => answer.entries,
    check: (rows) => checkRows(rows, { prefix: t('icsAreas.badPrefix'), area: t('icsAreas.noArea') }),
    save: (rows) =>
      save({ code, mapping: { entries: rows.map((r) => ({ ...r, prefix: r.prefix.trim() })) } }),
    seeRows: t('icsAreas.seeRows'),
    savedMessage: t('icsAreas.saved'),
  });
  if (saved.areas.length === 0 && form.rows.length === 0) return <p>{t('icsAreas.noAreas')}</p>;
  return (
    <RowsFormFrame form={form} intro={t('icsAreas.intro')} busy={isLoading}>
      <MappingTable rows={form.rows} areas={saved.areas} errors={form.errors} onChange={form.setRows} />
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-3"
        onClick={() => form.setRows([...form.rows, BLANK])}
      >
        {t('icsAreas.add')}
      </button>
    </RowsFormFrame>
  );
}

type Live = {
  rows: IcsAreaMappingEntry[];
  areas: IcsAreaMappingAnswer['areas'];
  errors: FieldErrors;
  onChange: (rows: IcsAreaMappingEntry[]) => void;
};

/**
 * The mapping as the portal's DataTable: a prefix field, an area select and Remove per row, in the order
 * saved (no column sorts: rows are edited in place); below 640 px one card per row, Remove in view.
 */
function MappingTable(live: Live) {
  const { t } = useTranslation('console-stores');
  return (
    <PlacedRowsTable
      caption={t('icsAreas.caption')}
      empty={t('icsAreas.empty')}
      rows={live.rows}
      columns={useMappingColumns(live)}
    />
  );
}

/** The editor's columns, made once; the rows, errors and areas are read live (see `useLive`). */
function useMappingColumns(live: Live): DataColumn<Placed<IcsAreaMappingEntry>>[] {
  const { t } = useTranslation('console-stores');
  const id = useId();
  const now = useLive(live);
  return useMemo(() => {
    const { edit, remove } = rowEdits(now);
    const errorOf = (i: number, field: 'prefix' | 'area') =>
      errorAt(now.current.errors, `entries.${i}.${field}`) ??
      (field === 'area' ? now.current.errors.fields[`entries.${i}`] : undefined);
    return [
      {
        id: 'prefix',
        meta: { label: t('icsAreas.prefix') },
        cell: ({ row: { original: row } }) => (
          <RowInput
            id={`${id}-${row.i}-prefix`}
            value={row.prefix}
            label={t('icsAreas.prefixOf', { n: row.i + 1 })}
            error={errorOf(row.i, 'prefix')}
            inputMode="decimal"
            placeholder="13.110"
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
      removeColumn(t('icsAreas.actions'), t('icsAreas.remove'), (n) => t('icsAreas.removeOf', { n }), remove),
    ];
  }, [t, id, now]);
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
    <RowSelect
      id={props.id}
      value={props.value}
      label={props.label}
      error={props.error}
      onChange={props.onChange}
    >
      <option value="">{t('icsAreas.chooseArea')}</option>
      {props.areas.map((a) => (
        <option key={a.marketingCode} value={a.marketingCode}>
          {a.name}
        </option>
      ))}
      {props.value && !known ? <option value={props.value}>{props.value}</option> : null}
    </RowSelect>
  );
}
