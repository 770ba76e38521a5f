import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { notify } from '../../../../lib/notify.ts';
import { type FieldErrors, fieldErrorsOf, NO_ERRORS } from '../lib/field-errors.ts';
import { SaveBar } from './settings-screen.tsx';

/** What a rows editor needs to know: the rows saved, how to check and save them, and what it says. */
export interface RowsFormOptions<R, A> {
  /** The server's answer; a newer one (this form's save, or a refetch) becomes the form's starting point. */
  answer: A;
  rowsOf: (answer: A) => R[];
  /** What the form can tell before asking the server (field paths as the server names them). */
  check: (rows: R[]) => FieldErrors;
  save: (rows: R[]) => Promise<{ data: unknown } | { error: unknown }>;
  /** Said above the rows when the form's own check refuses them. */
  seeRows: string;
  /** The toast after a save. */
  savedMessage: string;
}

export interface RowsForm<R> {
  rows: R[];
  setRows: (rows: R[]) => void;
  errors: FieldErrors;
  changed: boolean;
  summaryRef: RefObject<HTMLDivElement | null>;
  submit: (event: React.FormEvent) => Promise<void>;
  discard: () => void;
}

/**
 * A list of rows edited in place and saved together (the console's ICS mapping and forecast rules): the rows
 * as typed, whether they differ from the saved ones, the form's own check, then the server's; a refusal moves
 * the focus to the summary above the rows, a save says so in a toast.
 */
export function useRowsForm<R, A>(options: RowsFormOptions<R, A>): RowsForm<R> {
  const { answer, rowsOf } = options;
  const [rows, setRows] = useState(() => rowsOf(answer));
  const [base, setBase] = useState(answer);
  if (base !== answer) {
    setBase(answer);
    setRows(rowsOf(answer));
  }
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const summaryRef = useRef<HTMLDivElement>(null);
  const changed = JSON.stringify(rows) !== JSON.stringify(rowsOf(answer));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const local = options.check(rows);
    const refused = Object.keys(local.fields).length > 0;
    const result = refused ? undefined : await options.save(rows);
    if (!result || 'error' in result) {
      setErrors(result ? fieldErrorsOf(result.error) : { ...local, message: options.seeRows });
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors(NO_ERRORS);
    notify.success(options.savedMessage);
  }

  const discard = () => {
    setRows(rowsOf(answer));
    setErrors(NO_ERRORS);
  };
  return { rows, setRows, errors, changed, summaryRef, submit, discard };
}

/** The rows editor's form: its introduction, the summary a refusal fills, the rows (children), the save bar. */
export function RowsFormFrame<R>({
  form,
  intro,
  busy,
  children,
}: {
  form: RowsForm<R>;
  intro: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.submit} noValidate className="tw-stores__form">
      <p>{intro}</p>
      <div ref={form.summaryRef} tabIndex={-1} className="tw-stores__summary">
        {form.errors.message ? (
          <div className="alert alert-danger" role="alert">
            {form.errors.message}
          </div>
        ) : null}
      </div>
      {children}
      <SaveBar changed={form.changed} busy={busy} onDiscard={form.discard} />
    </form>
  );
}

/** A row's place beside the row: rows are edited in place, so the place is the identity. */
export type Placed<R> = R & { i: number };

/**
 * The rows being edited as the portal's DataTable, in the order saved (no column sorts: rows are edited in
 * place); below 640 px one card per row, its Remove in view. No rows: the `empty` sentence.
 */
export function PlacedRowsTable<R extends object>({
  caption,
  empty,
  rows,
  columns,
}: {
  caption: string;
  empty: string;
  rows: R[];
  columns: DataColumn<Placed<R>>[];
}) {
  const placed = useMemo(() => rows.map((row, i) => ({ ...row, i })), [rows]);
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={placed}
      rowId={(row) => String(row.i)}
      status={{ isLoading: false }}
      empty={empty}
      sortable={false}
      columnMenu={false}
    />
  );
}

/**
 * The live values an editor's columns read: columns are made once (a cell is a component to React, so columns
 * made anew on each render would remount every field and lose the focus at each key), and what changes (rows,
 * errors, choices) is read from this ref when a cell renders or a field changes.
 */
export function useLive<L>(live: L): RefObject<L> {
  const now = useRef(live);
  now.current = live;
  return now;
}

/** A text field in a row, with its error under it (named by the field, so a screen reader hears it). */
export function RowInput(props: {
  id: string;
  value: string;
  label: string;
  error: string | undefined;
  inputMode: 'text' | 'numeric' | 'decimal';
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <input
        className={`form-control form-control-sm${props.error ? ' is-invalid' : ''}`}
        dir="ltr"
        inputMode={props.inputMode}
        value={props.value}
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? props.id : undefined}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <RowError id={props.id} error={props.error} />
    </>
  );
}

/** A select in a row (its options are the children), with its error under it. */
export function RowSelect(props: {
  id: string;
  value: string;
  label: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
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
        {props.children}
      </select>
      <RowError id={props.id} error={props.error} />
    </>
  );
}

function RowError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <div id={id} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}

/** What an editor's cells do to the live rows: change row `i`'s fields, remove row `i`. */
export function rowEdits<R>(now: RefObject<{ rows: R[]; onChange: (rows: R[]) => void }>) {
  return {
    edit: (i: number, change: Partial<R>) =>
      now.current.onChange(now.current.rows.map((r, j) => (j === i ? { ...r, ...change } : r))),
    remove: (i: number) => now.current.onChange(now.current.rows.filter((_, j) => j !== i)),
  };
}

/** The actions column of an editor: each row's Remove, named with the row's place (`nameOf(n)`). */
export function removeColumn<R>(
  label: string,
  text: string,
  nameOf: (n: number) => string,
  remove: (i: number) => void,
): DataColumn<Placed<R>> {
  return {
    id: 'actions',
    meta: { label, actions: true },
    cell: ({ row: { original: row } }) => (
      <RemoveRowButton text={text} label={nameOf(row.i + 1)} onRemove={() => remove(row.i)} />
    ),
  };
}

/** A row's Remove button: it shows the word, and is named with the row's place ("Remove row 2"). */
export function RemoveRowButton({
  text,
  label,
  onRemove,
}: {
  text: string;
  label: string;
  onRemove: () => void;
}) {
  return (
    <button type="button" className="btn btn-outline-secondary btn-sm" aria-label={label} onClick={onRemove}>
      {text}
    </button>
  );
}
