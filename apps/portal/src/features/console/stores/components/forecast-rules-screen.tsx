import {
  FORECAST_KINDS,
  type ForecastKind,
  type ForecastRule,
  type ForecastRulesAnswer,
} from '@trackwell/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { notify } from '../../../../lib/notify.ts';
import { ConsoleLoadError } from '../../components/console-load-error.tsx';
import { ConsoleScreen } from '../../components/console-screen.tsx';
import { useGetForecastRulesQuery, useSaveForecastRulesMutation } from '../forecast-rules-api.ts';
import { errorAt, type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { SaveBar } from './settings-screen.tsx';
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
  const [rows, setRows] = useState(() => saved.rules.map(toRow));
  const [base, setBase] = useState(saved);
  // A newer answer (this form's save, or a refetch) becomes the form's starting point.
  if (base !== saved) {
    setBase(saved);
    setRows(saved.rules.map(toRow));
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [save, { isLoading }] = useSaveForecastRulesMutation();
  const summaryRef = useRef<HTMLDivElement>(null);
  const changed = JSON.stringify(rows) !== JSON.stringify(saved.rules.map(toRow));
  const own = new Set(rows.map((r) => r.publisherCode.trim().toUpperCase()));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const local = checkRows(rows, {
      publisher: t('forecastRules.noPublisher'),
      years: t('forecastRules.badYears'),
      withdrawal: t('forecastRules.badWithdrawal'),
    });
    const refused = Object.keys(local.fields).length > 0;
    const answer = refused ? undefined : await save({ code, rules: rows.map(toRule) });
    if (!answer || 'error' in answer) {
      setErrors(answer ? fieldErrorsOf(answer.error) : { ...local, message: t('forecastRules.seeRows') });
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    notify.success(t('forecastRules.saved'));
  }

  return (
    <form onSubmit={submit} noValidate className="tw-stores__form">
      <p>{t('forecastRules.intro')}</p>
      <div ref={summaryRef} tabIndex={-1} className="tw-stores__summary">
        {errors.message ? (
          <div className="alert alert-danger" role="alert">
            {errors.message}
          </div>
        ) : null}
      </div>
      <h3 className="h6">{t('forecastRules.ownHeading')}</h3>
      <RulesTable rows={rows} errors={errors} onChange={setRows} />
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
      <SaveBar
        changed={changed}
        busy={isLoading}
        onDiscard={() => {
          setRows(saved.rules.map(toRow));
          setErrors(NO_ERRORS);
        }}
      />
    </form>
  );
}

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
  return (
    <>
      <h3 className="h6">{t('forecastRules.defaultsHeading')}</h3>
      <table className="table table-sm align-middle">
        <thead>
          <tr>
            <th scope="col">{t('forecastRules.publisher')}</th>
            <th scope="col">{t('forecastRules.rule')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('forecastRules.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {defaults.map((d) => (
            <tr key={d.publisherCode}>
              <td>
                <bdi>{d.publisherCode}</bdi>
              </td>
              <td>
                {t(`forecastRules.kinds.${d.kind}`)} ·{' '}
                {t('forecastRules.afterYears', { years: d.reviewYears })}
                {d.withdrawalYears !== null
                  ? ` · ${t('forecastRules.withdrawnAfter', { years: d.withdrawalYears })}`
                  : ''}
                {own.has(d.publisherCode) ? ` (${t('forecastRules.replaced')})` : ''}
              </td>
              <td>
                {own.has(d.publisherCode) ? null : (
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    onClick={() => onCopy(d)}
                  >
                    {/* The name starts with the words shown (a voice user says what they see), then whose. */}
                    {t('forecastRules.copy')}
                    <span className="visually-hidden">
                      {' '}
                      <bdi>({d.publisherCode})</bdi>
                    </span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function RulesTable({
  rows,
  errors,
  onChange,
}: {
  rows: RuleRow[];
  errors: FieldErrors;
  onChange: (rows: RuleRow[]) => void;
}) {
  const { t } = useTranslation('console-stores');
  if (rows.length === 0) return <p>{t('forecastRules.empty')}</p>;
  const edit = (i: number, row: RuleRow) => onChange(rows.map((r, j) => (j === i ? row : r)));
  return (
    <div className="table-responsive">
      <table className="table table-sm align-top">
        <thead>
          <tr>
            <th scope="col">{t('forecastRules.publisher')}</th>
            <th scope="col">{t('forecastRules.kind')}</th>
            <th scope="col">{t('forecastRules.reviewYears')}</th>
            <th scope="col">{t('forecastRules.withdrawalYears')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('forecastRules.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <RuleRowEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the position is the identity.
              key={i}
              n={i + 1}
              row={row}
              errorOf={(field) =>
                errorAt(errors, `rules.${i}.${field}`) ??
                (field === 'publisherCode' ? errors.fields[`rules.${i}`] : undefined)
              }
              onChange={(next) => edit(i, next)}
              onRemove={() => onChange(rows.filter((_, j) => j !== i))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RuleRowEditor({
  n,
  row,
  errorOf,
  onChange,
  onRemove,
}: {
  n: number;
  row: RuleRow;
  errorOf: (field: keyof RuleRow) => string | undefined;
  onChange: (row: RuleRow) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console-stores');
  const field = (
    name: 'publisherCode' | 'reviewYears' | 'withdrawalYears',
    inputMode: 'text' | 'numeric',
  ) => {
    const error = errorOf(name);
    return (
      <td>
        <input
          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
          dir="ltr"
          inputMode={inputMode}
          value={row[name]}
          aria-label={t(`forecastRules.${name}Of`, { n })}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ ...row, [name]: event.target.value })}
        />
        {error ? <div className="invalid-feedback">{error}</div> : null}
      </td>
    );
  };
  return (
    <tr>
      {field('publisherCode', 'text')}
      <td>
        <select
          className="form-select form-select-sm"
          value={row.kind}
          aria-label={t('forecastRules.kindOf', { n })}
          onChange={(event) => onChange({ ...row, kind: event.target.value as ForecastKind })}
        >
          {FORECAST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`forecastRules.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </td>
      {field('reviewYears', 'numeric')}
      {field('withdrawalYears', 'numeric')}
      <td>
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-label={t('forecastRules.removeOf', { n })}
          onClick={onRemove}
        >
          {t('forecastRules.remove')}
        </button>
      </td>
    </tr>
  );
}
