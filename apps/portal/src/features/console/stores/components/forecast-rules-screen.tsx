import {
  FORECAST_KINDS,
  type ForecastKind,
  type ForecastRule,
  type ForecastRulesAnswer,
} from '@trackwell/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import { useGetForecastRulesQuery, useSaveForecastRulesMutation } from '../forecast-rules-api.ts';
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
 * `/admin/stores/:code/forecasts`: the store's review-forecast rules per publisher. The defaults apply where
 * the store has no rule of its own; "Change for this store" copies one into the store's rules to edit it.
 * Rows are edited in place and saved together; the server checks them again.
 */
export function ForecastRulesScreen({ code }: { code: string }) {
  const { t, ready } = useTranslation('console-stores');
  const rules = useGetForecastRulesQuery(code);
  if (!ready) return <PendingMessage>{t('loading')}</PendingMessage>;
  return (
    <ConsoleScreen title={t('forecastRules.title')}>
      {rules.isLoading ? (
        <PendingMessage>{t('loading')}</PendingMessage>
      ) : rules.error || !rules.data ? (
        <ConsoleLoadError error={rules.error} onRetry={rules.refetch} />
      ) : (
        <ForecastRulesForm key={code} code={code} saved={rules.data} />
      )}
    </ConsoleScreen>
  );
}

/** A row as typed: the numbers stay text until saved, so a half-typed one is not lost. */
type RuleRow = { publisherCode: string; kind: ForecastKind; reviewYears: string; withdrawalYears: string };
const toRow = (r: ForecastRule): RuleRow => ({
  publisherCode: r.publisherCode,
  kind: r.kind,
  reviewYears: String(r.reviewYears),
  withdrawalYears: r.withdrawalYears === null ? '' : String(r.withdrawalYears),
});
const toRule = (r: RuleRow): ForecastRule => ({
  publisherCode: r.publisherCode.trim(),
  kind: r.kind,
  reviewYears: Number(r.reviewYears),
  withdrawalYears: r.withdrawalYears.trim() === '' ? null : Number(r.withdrawalYears),
});

/** What the form can tell before asking the server: no publisher, years that are no whole number in range. */
function checkRows(
  rows: RuleRow[],
  m: { publisher: string; years: string; withdrawal: string },
): FieldErrors {
  const fields: Record<string, string> = {};
  const whole = (text: string, max: number) => /^\d{1,2}$/.test(text.trim()) && +text >= 1 && +text <= max;
  rows.forEach((row, i) => {
    if (!row.publisherCode.trim()) fields[`rules.${i}.publisherCode`] = m.publisher;
    if (!whole(row.reviewYears, 50)) fields[`rules.${i}.reviewYears`] = m.years;
    const w = row.withdrawalYears.trim();
    if (w && (!whole(w, 60) || +w <= +row.reviewYears)) fields[`rules.${i}.withdrawalYears`] = m.withdrawal;
  });
  return { fields };
}

function ForecastRulesForm({ code, saved }: { code: string; saved: ForecastRulesAnswer }) {
  const { t } = useTranslation('console-stores');
  const [save, { isLoading }] = useSaveForecastRulesMutation();
  const form = useRowsForm({
    answer: saved,
    rowsOf: (answer) => answer.rules.map(toRow),
    check: (rows) =>
      checkRows(rows, {
        publisher: t('forecastRules.noPublisher'),
        years: t('forecastRules.badYears'),
        withdrawal: t('forecastRules.badWithdrawal'),
      }),
    save: (rows) => save({ code, rules: rows.map(toRule) }),
    seeRows: t('forecastRules.seeRows'),
    savedMessage: t('forecastRules.saved'),
  });
  const { rows, setRows } = form;
  const own = new Set(rows.map((r) => r.publisherCode.trim().toUpperCase()));
  return (
    <RowsFormFrame form={form} intro={t('forecastRules.intro')} busy={isLoading}>
      <h3 className="h6">{t('forecastRules.ownHeading')}</h3>
      <RulesTable rows={rows} errors={form.errors} onChange={setRows} />
      <button
        type="button"
        className="btn btn-outline-primary btn-sm mb-3"
        onClick={() =>
          setRows([
            ...rows,
            { publisherCode: '', kind: 'systematic-review', reviewYears: '5', withdrawalYears: '' },
          ])
        }
      >
        {t('forecastRules.add')}
      </button>
      <DefaultsTable defaults={saved.defaults} own={own} onCopy={(r) => setRows([...rows, toRow(r)])} />
    </RowsFormFrame>
  );
}

/**
 * The defaults, one per publisher (sorted by publisher code, as the reader likes): the rule in words, and
 * "Change for this store" where the store has no rule of its own for that publisher yet.
 */
function DefaultsTable({
  defaults,
  own,
  onCopy,
}: {
  defaults: ForecastRule[];
  own: Set<string>;
  onCopy: (rule: ForecastRule) => void;
}) {
  const { t } = useTranslation('console-stores');
  const now = useLive({ own, onCopy });
  const columns = useMemo<DataColumn<ForecastRule>[]>(
    () => [
      {
        id: 'publisher',
        accessorKey: 'publisherCode',
        meta: { label: t('forecastRules.publisher'), rowHeader: true, dir: 'ltr', nowrap: true },
        cell: ({ row: { original: d } }) => <bdi>{d.publisherCode}</bdi>,
      },
      {
        id: 'rule',
        enableSorting: false,
        meta: { label: t('forecastRules.rule') },
        cell: ({ row: { original: d } }) => (
          <>
            {t(`forecastRules.kinds.${d.kind}`)} · {t('forecastRules.afterYears', { years: d.reviewYears })}
            {d.withdrawalYears !== null
              ? ` · ${t('forecastRules.withdrawnAfter', { years: d.withdrawalYears })}`
              : ''}
            {now.current.own.has(d.publisherCode) ? ` (${t('forecastRules.replaced')})` : ''}
          </>
        ),
      },
      {
        id: 'actions',
        meta: { label: t('forecastRules.actions'), actions: true },
        cell: ({ row: { original: d } }) =>
          now.current.own.has(d.publisherCode) ? null : (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => now.current.onCopy(d)}
            >
              {/* The name starts with the words shown (a voice user says what they see), then whose. */}
              {t('forecastRules.copy')}
              <span className="visually-hidden">
                {' '}
                <bdi>({d.publisherCode})</bdi>
              </span>
            </button>
          ),
      },
    ],
    [t, now],
  );
  return (
    <>
      <h3 className="h6">{t('forecastRules.defaultsHeading')}</h3>
      <DataTable
        caption={t('forecastRules.defaultsHeading')}
        columns={columns}
        rows={defaults}
        rowId={(d) => d.publisherCode}
        status={{ isLoading: false }}
        empty=""
        initialSorting={[{ id: 'publisher', desc: false }]}
        columnMenu={false}
      />
    </>
  );
}

type Live = { rows: RuleRow[]; errors: FieldErrors; onChange: (rows: RuleRow[]) => void };

/** The store's own rules, edited in place in the order saved (no column sorts); a card per row on a phone. */
function RulesTable(live: Live) {
  const { t } = useTranslation('console-stores');
  return (
    <PlacedRowsTable
      caption={t('forecastRules.ownHeading')}
      empty={t('forecastRules.empty')}
      rows={live.rows}
      columns={useRuleColumns(live)}
    />
  );
}

/** The rules editor's columns, made once; the rows and errors are read live (see `useLive`). */
function useRuleColumns(live: Live): DataColumn<Placed<RuleRow>>[] {
  const { t } = useTranslation('console-stores');
  const id = useId();
  const now = useLive(live);
  return useMemo(() => {
    const { edit, remove } = rowEdits(now);
    const errorOf = (i: number, field: keyof RuleRow) =>
      errorAt(now.current.errors, `rules.${i}.${field}`) ??
      (field === 'publisherCode' ? now.current.errors.fields[`rules.${i}`] : undefined);
    const text = (
      name: 'publisherCode' | 'reviewYears' | 'withdrawalYears',
    ): DataColumn<Placed<RuleRow>> => ({
      id: name,
      meta: { label: t(`forecastRules.${name === 'publisherCode' ? 'publisher' : name}`) },
      cell: ({ row: { original: row } }) => (
        <RowInput
          id={`${id}-${row.i}-${name}`}
          value={row[name]}
          label={t(`forecastRules.${name}Of`, { n: row.i + 1 })}
          error={errorOf(row.i, name)}
          inputMode={name === 'publisherCode' ? 'text' : 'numeric'}
          onChange={(value) => edit(row.i, { [name]: value })}
        />
      ),
    });
    return [
      text('publisherCode'),
      {
        id: 'kind',
        meta: { label: t('forecastRules.kind') },
        cell: ({ row: { original: row } }) => (
          <RowSelect
            id={`${id}-${row.i}-kind`}
            value={row.kind}
            label={t('forecastRules.kindOf', { n: row.i + 1 })}
            error={errorOf(row.i, 'kind')}
            onChange={(kind) => edit(row.i, { kind: kind as ForecastKind })}
          >
            {FORECAST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`forecastRules.kinds.${kind}`)}
              </option>
            ))}
          </RowSelect>
        ),
      },
      text('reviewYears'),
      text('withdrawalYears'),
      removeColumn(
        t('forecastRules.actions'),
        t('forecastRules.remove'),
        (n) => t('forecastRules.removeOf', { n }),
        remove,
      ),
    ];
  }, [t, id, now]);
}
