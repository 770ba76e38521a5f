import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToPageIndex, isGoToPageKey, PAGE_SIZES } from '../lib/paging.ts';

type TablePaginationProps = {
  /** Zero-based. */
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Previous and next, and "page X of N" between them (announced when it changes). */
function PageSteps({
  pageIndex,
  pageCount,
  onPageIndexChange,
}: Pick<TablePaginationProps, 'pageIndex' | 'pageCount' | 'onPageIndexChange'>) {
  const { t } = useTranslation('tracker');
  return (
    <div className="tw-pagination__pages">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onPageIndexChange(pageIndex - 1)}
        disabled={pageIndex <= 0}
      >
        {t('pagination.previous')}
      </button>
      <span className="tw-pagination__status" aria-live="polite">
        {t('pagination.pageOf', { page: pageIndex + 1, count: pageCount })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onPageIndexChange(pageIndex + 1)}
        disabled={pageIndex >= pageCount - 1}
      >
        {t('pagination.next')}
      </button>
    </div>
  );
}

/**
 * spec §2 "Individual tracked standards table" paging: previous/next, 'page X of N', a go-to-page input
 * (minimum 1, digits and editing keys only, values beyond the page count ignored — §5) and the page sizes of
 * §9.
 */
export function TablePagination({
  pageIndex,
  pageSize,
  pageCount,
  onPageIndexChange,
  onPageSizeChange,
}: TablePaginationProps) {
  const { t } = useTranslation('tracker');
  const id = useId();
  const [goTo, setGoTo] = useState(String(pageIndex + 1));

  // The field follows the page when it changes some other way (previous/next, a delete, the page size).
  useEffect(() => setGoTo(String(pageIndex + 1)), [pageIndex]);

  function onGoToKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!isGoToPageKey(event)) event.preventDefault();
  }

  function onGoToChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    // Digits only, even when pasted; an empty field is allowed while typing.
    if (value !== '' && !/^\d+$/.test(value)) return;
    setGoTo(value);
    const index = goToPageIndex(value, pageCount);
    if (index !== undefined && index !== pageIndex) onPageIndexChange(index);
  }

  return (
    <nav className="tw-pagination" aria-label={t('pagination.label')}>
      <PageSteps pageIndex={pageIndex} pageCount={pageCount} onPageIndexChange={onPageIndexChange} />
      <div className="tw-pagination__controls">
        <label htmlFor={`${id}-goto`} className="tw-pagination__label">
          {t('pagination.goTo')}
        </label>
        <input
          id={`${id}-goto`}
          type="number"
          inputMode="numeric"
          className="form-control form-control-sm tw-pagination__goto"
          min={1}
          max={pageCount}
          step={1}
          value={goTo}
          onKeyDown={onGoToKeyDown}
          onChange={onGoToChange}
          onBlur={() => setGoTo(String(pageIndex + 1))}
        />
        <label htmlFor={`${id}-size`} className="tw-pagination__label">
          {t('pagination.pageSize')}
        </label>
        <select
          id={`${id}-size`}
          className="form-select form-select-sm tw-pagination__size"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('pagination.show', { size })}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
