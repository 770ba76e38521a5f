import type { Header, Table } from '@tanstack/react-table';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A column header: its label, and where the column sorts, a button that cycles ascending → descending → off
 * (the header's `aria-sort` says which, as screen readers expect).
 */
export function HeaderCell<T>({ header }: { header: Header<T, unknown> }) {
  const { t } = useTranslation();
  const { column } = header;
  const meta = column.columnDef.meta;
  const label = meta?.label ?? column.id;
  const sorted = column.getIsSorted();
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
  if (meta?.actions)
    return (
      <th scope="col" className="tw-data-table__actions">
        <span className="tw-visually-hidden">{label}</span>
      </th>
    );
  return (
    <th
      scope="col"
      aria-sort={column.getCanSort() ? (ariaSort ?? 'none') : undefined}
      className={meta?.numeric ? 'tw-data-table__numeric' : undefined}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          className="tw-data-table__sort"
          onClick={column.getToggleSortingHandler()}
          title={t('dataTable.sortBy', { column: label })}
        >
          {label}
          <span className="tw-data-table__sort-mark" aria-hidden="true">
            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}

/**
 * "Columns": a disclosure with one checkbox per column that may be hidden (the actions column never is).
 * Escape closes it and puts focus back on its button; the last shown column cannot be hidden.
 */
export function ColumnMenu<T>({ table }: { table: Table<T> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide() && !c.columnDef.meta?.actions);
  const shown = columns.filter((c) => c.getIsVisible()).length;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div className="tw-data-table__columns">
      <button
        ref={button}
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('dataTable.columns')}
      </button>
      <fieldset
        ref={panel}
        id={menuId}
        hidden={!open}
        className="tw-data-table__column-menu"
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setOpen(false);
          button.current?.focus();
        }}
      >
        <legend className="tw-visually-hidden">{t('dataTable.columnsLegend')}</legend>
        {columns.map((column) => (
          <label key={column.id} className="form-check">
            <input
              type="checkbox"
              className="form-check-input"
              checked={column.getIsVisible()}
              disabled={column.getIsVisible() && shown === 1}
              onChange={column.getToggleVisibilityHandler()}
            />
            <span className="form-check-label">{column.columnDef.meta?.label ?? column.id}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/**
 * A pager button. At the first or last page it stays focusable but says it is unavailable (`aria-disabled`):
 * a keyboard user who pressed "Last" keeps the focus there instead of losing it to the page.
 */
function PagerButton({ label, off, onPress }: { label: string; off: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-outline-secondary btn-sm${off ? ' disabled' : ''}`}
      aria-disabled={off || undefined}
      onClick={() => {
        if (!off) onPress();
      }}
    >
      {label}
    </button>
  );
}

/**
 * Server mode's pager: first, previous, "page X of N · rows A–B of C" (announced), next, last, and the page
 * size. Every control is a button or a select, in reading order, so the keyboard reaches each.
 */
export function DataTablePager({
  pageIndex,
  pageSize,
  rowCount,
  pageSizes,
  onChange,
}: {
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  pageSizes: readonly number[];
  onChange: (pageIndex: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const from = rowCount === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(rowCount, (pageIndex + 1) * pageSize);
  const atFirst = pageIndex <= 0;
  const atLast = pageIndex >= pageCount - 1;
  return (
    <nav className="tw-data-table__pager" aria-label={t('dataTable.pages')}>
      <PagerButton label={t('dataTable.first')} off={atFirst} onPress={() => onChange(0, pageSize)} />
      <PagerButton
        label={t('dataTable.previous')}
        off={atFirst}
        onPress={() => onChange(pageIndex - 1, pageSize)}
      />
      <span aria-live="polite">
        {t('dataTable.pageOf', { page: pageIndex + 1, count: pageCount })} ·{' '}
        {t('dataTable.rowsOf', { from, to, total: rowCount })}
      </span>
      <PagerButton
        label={t('dataTable.next')}
        off={atLast}
        onPress={() => onChange(pageIndex + 1, pageSize)}
      />
      <PagerButton
        label={t('dataTable.last')}
        off={atLast}
        onPress={() => onChange(pageCount - 1, pageSize)}
      />
      <label htmlFor={sizeId} className="tw-data-table__size">
        {t('dataTable.pageSize')}
      </label>
      <select
        id={sizeId}
        className="form-select form-select-sm w-auto"
        value={pageSize}
        onChange={(event) => onChange(0, Number(event.target.value))}
      >
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
