import type { CatalogSearchHit } from '@trackwell/contracts';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCreateContentTrackingMutation } from '../api/content-trackings.ts';
import { useSearchCatalogQuery } from '../api/search-catalog.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Wait for a pause in typing before asking the catalogue. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this find too much to be useful. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * Beyond the spec: finds a standard in the catalogue and adds it to the tracked list. The WAI-ARIA combobox
 * pattern (list autocomplete): ↓/↑ move through the results, Enter adds the highlighted one, Escape closes the
 * list (a second Escape clears the field). Focus stays in the field; the highlighted option is announced
 * through aria-activedescendant. Standards the user already tracks are marked; choosing one
 * says so instead of adding it again.
 */
export function StandardSearch({ userId, onAdded }: { userId: string; onAdded: () => void }) {
  const { t } = useTranslation('tracker');
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching } = useSearchCatalogQuery(query, { skip: !searching });
  const [createTracking, { isLoading: adding }] = useCreateContentTrackingMutation();

  const settled = searching && !isFetching && query === text.trim();
  const results = settled ? (data ?? []) : [];
  const expanded = open && settled && results.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  async function add(hit: CatalogSearchHit) {
    setOpen(false);
    setActive(-1);
    const standard = `${hit.displayDesignation} ${hit.contentTitle}`;
    if (hit.tracked) {
      // Marked "Already tracked" in the list: nothing to create (the server would not make a second row either).
      notify.info(t('search.alreadyTracked', { standard }));
      setText('');
      return;
    }
    try {
      const { created } = await createTracking({ userId, assetId: hit.assetId }).unwrap();
      if (created) notify.success(t('individualTrackingAdded', { standard }));
      else notify.info(t('search.alreadyTracked', { standard }));
      setText('');
      onAdded();
    } catch {
      // Toasted by the store's middleware (spec §8).
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (results.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) =>
          !expanded || current < 0
            ? step === 1
              ? 0
              : results.length - 1
            : (current + step + results.length) % results.length,
        );
        return;
      }
      case 'Enter': {
        const hit = expanded ? results[active] : undefined;
        if (hit) {
          event.preventDefault();
          void add(hit);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open && text) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
        }
        return;
      default:
    }
  }

  let status = '';
  if (searching && open) {
    if (!settled) status = t('search.searching');
    else if (results.length === 0) status = t('search.noResults', { query });
    else status = t('search.resultCount', { count: results.length });
  }

  return (
    <div className="tw-search">
      <label htmlFor={`${id}-input`} className="form-label tw-search__label">
        {t('search.label')}
      </label>
      <div className="tw-search__field">
        <span className="tw-search__icon">
          {adding || (open && searching && !settled) ? <Spinner size="sm" /> : <SearchIcon />}
        </span>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          className="form-control tw-search__input"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          value={text}
          readOnly={adding}
          aria-busy={adding}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listboxId}
          role="listbox"
          aria-label={t('search.resultsLabel')}
          className="tw-search__list"
          hidden={!expanded}
        >
          {expanded &&
            results.map((hit, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with ↓/↑ and Enter in the combobox (focus stays there, per the ARIA pattern).
              <div
                key={hit.assetId}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`tw-search__option${index === active ? ' tw-search__option--active' : ''}`}
                // Keep the focus in the field, so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => void add(hit)}
              >
                <span className="tw-search__designation">{hit.displayDesignation}</span>
                <span className="tw-search__title">{hit.contentTitle}</span>
                <span className="tw-search__publisher">{hit.publisher.name}</span>
                {hit.tracked && <span className="tw-search__tracked">{t('search.trackedMark')}</span>}
              </div>
            ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="tw-search__hint">
        {t('search.hint')}
      </p>
      <div className="tw-search__status" role="status">
        {status}
      </div>
    </div>
  );
}
