import type { ColumnDef } from '@tanstack/react-table';
import { type ContentTrackingRow, titleIn } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { lazy, type MouseEvent, type RefObject, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/ui/content-icons.tsx';
import { ReviewForecastCell } from './review-forecast-cell.tsx';

// A standard with an unread notification is marked "Changed" (the notification centre's code, loaded
// after the table; the tracker page's first download stays as it was).
const ChangedBadge = lazy(async () => ({
  default: (await import('../../notifications/index.ts')).ChangedBadge,
}));

// The standard's edition history, a button beside it (loaded after the table, as the badge).
const StandardHistoryButton = lazy(() => import('./standard-history.tsx'));

/** What a row's controls do; the columns reach this render's handlers through a ref. */
export type RowHandlers = {
  onTitleClick: (event: MouseEvent<HTMLAnchorElement>, row: ContentTrackingRow) => Promise<void>;
  onToggle: (row: ContentTrackingRow) => void;
  onDelete: (row: ContentTrackingRow) => void;
};

/** spec §2: the title links to the public page: publicURL, then the asset id, then .html. */
export function publicPageUrl(publicURL: string, assetId: string): string {
  return `${publicURL}${encodeURIComponent(assetId)}.html`;
}

/** The row's title in the reader's language, where the catalogue has it (else the main title). */
export const rowTitle = (row: ContentTrackingRow, language: string) =>
  titleIn(language, row.content.contentTitle, row.content.contentTitles);

/** A standard's name as people say it: its designation, then its title (in the reader's language). */
export function standardName(row: ContentTrackingRow, language = 'en'): string {
  const title = rowTitle(row, language).text;
  const { displayDesignation } = row.content;
  return displayDesignation ? `${displayDesignation} ${title}` : title;
}

/** The publisher and the review forecast: plain cells, no handlers. */
const infoColumns = (t: TFunction<'tracker'>): ColumnDef<ContentTrackingRow>[] => [
  {
    id: 'publisher',
    header: () => t('standards.columns.publisher'),
    cell: ({ row: { original } }) => original.data.publisher,
  },
  {
    id: 'forecast',
    header: () => t('standards.columns.forecast'),
    size: 240,
    cell: ({ row: { original } }) => <ReviewForecastCell forecast={original.reviewForecast} />,
  },
];

/**
 * spec §2 "Individual tracked standards table": title (link to the public page), publisher, the review
 * forecast, the tracking switch, remove. The columns stay the same objects across renders (new cell functions would remount every
 * cell, losing focus); their cells call this render's handlers through `handlers`.
 */
export function useStandardColumns(publicURL: string, handlers: RefObject<RowHandlers>) {
  const { t, i18n } = useTranslation('tracker');
  const language = i18n.language;
  return useMemo<ColumnDef<ContentTrackingRow>[]>(
    () => [
      {
        id: 'title',
        header: () => t('standards.columns.title'),
        size: 360,
        cell: ({ row: { original } }) => (
          <>
            <a
              href={publicPageUrl(publicURL, original.content.assetId)}
              target="_blank"
              rel="noopener noreferrer"
              className="tw-standard-link"
              onClick={(event) => void handlers.current.onTitleClick(event, original)}
            >
              {original.content.displayDesignation && (
                <span className="tw-standard-link__designation">{original.content.displayDesignation}</span>
              )}{' '}
              <span className="tw-standard-link__title" lang={rowTitle(original, language).lang}>
                {rowTitle(original, language).text}
              </span>
              <span className="tw-visually-hidden"> {t('opensInNewTab')}</span>
            </a>
            <Suspense fallback={null}>
              <ChangedBadge assetId={original.content.assetId} />
              <StandardHistoryButton
                assetId={original.content.assetId}
                name={standardName(original, language)}
              />
            </Suspense>
          </>
        ),
      },
      ...infoColumns(t),
      {
        id: 'track',
        header: () => t('standards.columns.track'),
        size: 110,
        cell: ({ row: { original } }) => (
          <div className="form-check form-switch tw-track-switch">
            <input
              type="checkbox"
              role="switch"
              className="form-check-input"
              // spec §4: checked when tracking is not off.
              checked={!original.contentTrackingOff}
              aria-checked={!original.contentTrackingOff}
              onChange={() => handlers.current.onToggle(original)}
              aria-label={t('standards.trackSwitch', { standard: standardName(original, language) })}
            />
          </div>
        ),
      },
      {
        id: 'delete',
        header: () => <span className="tw-visually-hidden">{t('standards.columns.delete')}</span>,
        size: 80,
        cell: ({ row: { original } }) => (
          <button
            type="button"
            className="btn btn-sm tw-remove-button tw-icon-button"
            onClick={() => handlers.current.onDelete(original)}
            aria-label={t('standards.delete', { standard: standardName(original, language) })}
          >
            <TrashIcon />
          </button>
        ),
      },
    ],
    [t, language, publicURL, handlers],
  );
}
