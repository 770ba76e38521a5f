import type { CatalogSearchHit } from '@trackwell/contracts';
import type { TFunction } from 'i18next';
import { type Dispatch, type KeyboardEvent, type SetStateAction, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/content-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { useCreateContentTrackingMutation } from '../api/content-trackings.ts';
import { useSearchCatalogQuery } from '../api/search-catalog.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** Wait for a pause in typing before asking the catalogue. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this find too much to be useful. */
export const SEARCH_MIN_LENGTH = 2;

type ComboboxState = {
  results: CatalogSearchHit[];
  expanded: boolean;
  active: number;
  open: boolean;
  text: string;
  setOpen: (open: boolean) => void;
  setActive: Dispatch<SetStateAction<number>>;
  setText: (text: string) => void;
  add: (hit: CatalogSearchHit) => Promise<void>;
};

/** The highlighted option after ↓ (step 1) or ↑ (step -1): wraps around; from none, the first or the last. */
const stepActive = (current: number, step: 1 | -1, count: number, expanded: boolean) =>
  !expanded || current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count;

/** The combobox's keys: ↓/↑ move, Enter adds the highlighted result, Escape closes (twice: clears). */
function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, c: ComboboxState) {
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      event.preventDefault();
      c.setOpen(true);
      if (c.results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      c.setActive((current) => stepActive(current, step, c.results.length, c.expanded));
      return;
    }
    case 'Enter': {
      const hit = c.expanded ? c.results[c.active] : undefined;
      if (hit) {
        event.preventDefault();
        void c.add(hit);
      }
      return;
    }
    case 'Escape':
      event.preventDefault();
      if (c.open && c.text) {
        c.setOpen(false);
        c.setActive(-1);
      } else {
        c.setText('');
      }
      return;
    default:
  }
}

type SearchResultsProps = {
  id: string;
  results: CatalogSearchHit[];
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (hit: CatalogSearchHit) => void;
};

/** The listbox of results (hidden when empty); the combobox keeps the focus. */
function SearchResults({ id, results, active, optionId, onHover, onChoose }: SearchResultsProps) {
  const { t } = useTranslation('tracker');
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('search.resultsLabel')}
      className="tw-search__list"
      hidden={results.length === 0}
    >
      {results.map((hit, index) => (
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
          onMouseEnter={() => onHover(index)}
          onClick={() => onChoose(hit)}
        >
          <span className="tw-search__designation">{hit.displayDesignation}</span>
          <span className="tw-search__title">{hit.contentTitle}</span>
          <span className="tw-search__publisher">{hit.publisher.name}</span>
          {hit.tracked && <span className="tw-search__tracked">{t('search.trackedMark')}</span>}
        </div>
      ))}
    </div>
  );
}

/**
 * Adds a chosen standard to the tracked list and says so; one already tracked is only said ("Already
 * tracked": the server would not make a second row either). `settle(clear)` closes the list, and clears the
 * field once the standard is on the list.
 */
function useAddStandard(userId: string, onAdded: () => void, settle: (clear: boolean) => void) {
  const { t } = useTranslation('tracker');
  const [createTracking, { isLoading: adding }] = useCreateContentTrackingMutation();
  async function add(hit: CatalogSearchHit) {
    settle(false);
    const standard = `${hit.displayDesignation} ${hit.contentTitle}`;
    if (hit.tracked) {
      notify.info(t('search.alreadyTracked', { standard }));
      settle(true);
      return;
    }
    try {
      const { created } = await createTracking({ userId, assetId: hit.assetId }).unwrap();
      if (created) notify.success(t('individualTrackingAdded', { standard }));
      else notify.info(t('search.alreadyTracked', { standard }));
      settle(true);
      onAdded();
    } catch {
      // Toasted by the store's middleware (spec §8).
    }
  }
  return { add, adding };
}

/** What the live region says: searching, nothing found, or how many were found (nothing while closed). */
function searchStatus(
  t: TFunction<'tracker'>,
  searching: boolean,
  settled: boolean,
  count: number,
  query: string,
) {
  if (!searching) return '';
  if (!settled) return t('search.searching');
  return count === 0 ? t('search.noResults', { query }) : t('search.resultCount', { count });
}

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

  const settled = searching && !isFetching && query === text.trim();
  const results = settled ? (data ?? []) : [];
  const expanded = open && settled && results.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const { add, adding } = useAddStandard(userId, onAdded, (clear) => {
    setOpen(false);
    setActive(-1);
    if (clear) setText('');
  });

  const status = open ? searchStatus(t, searching, settled, results.length, query) : '';
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, { results, expanded, active, open, text, setOpen, setActive, setText, add });

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
        <SearchResults
          id={listboxId}
          results={expanded ? results : []}
          active={active}
          optionId={optionId}
          onHover={setActive}
          onChoose={(hit) => void add(hit)}
        />
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
