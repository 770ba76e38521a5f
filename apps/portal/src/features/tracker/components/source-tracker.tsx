import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import type { SourceOption } from '../api/source-options.ts';
import {
  NO_SOURCE_TRACKINGS,
  type SourceListType,
  useListSourceTrackingsQuery,
  useSetSourceTrackingMutation,
} from '../api/source-trackings.ts';

/** The words of one source tracker (committee, industry area or publisher), already translated. */
export type SourceTrackerTexts = {
  heading: string;
  description: string;
  selectLabel: string;
  placeholder: string;
  empty: string;
  trackedHeading: string;
  /** spec §8 success toast keys, e.g. committeeTrackingAdded / committeeTrackingRemoved. */
  added: string;
  removed: string;
};

type SourceTrackerProps = {
  userId: string;
  trackingType: SourceListType;
  options: SourceOption[];
  optionsLoading: boolean;
  texts: SourceTrackerTexts;
};

type TrackFormProps = {
  id: string;
  texts: SourceTrackerTexts;
  options: SourceOption[];
  optionsLoading: boolean;
  tracked: Set<string>;
  selected: string;
  onSelect: (value: string) => void;
  busy: boolean;
  ready: boolean;
  onTrack: (event: FormEvent) => Promise<void>;
};

/** The dropdown (tracked options disabled and marked) and the Track button, disabled until a choice. */
function TrackForm(p: TrackFormProps) {
  const { t } = useTranslation('tracker');
  const { id, texts, options, optionsLoading, tracked, selected, onSelect, busy, ready, onTrack } = p;
  return (
    <form className="tw-source-form" onSubmit={(event) => void onTrack(event)}>
      <div className="tw-source-form__field">
        <label htmlFor={`${id}-select`} className="form-label">
          {texts.selectLabel}
        </label>
        <select
          id={`${id}-select`}
          className="form-select"
          value={selected}
          onChange={(event) => onSelect(event.target.value)}
          disabled={optionsLoading}
        >
          <option value="">{optionsLoading ? t('loadingOptions') : texts.placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={tracked.has(option.value)}>
              {tracked.has(option.value) ? t('alreadyTrackedOption', { label: option.label }) : option.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="btn btn-primary tw-source-form__submit"
        disabled={!selected || tracked.has(selected) || busy || !ready}
        // Why it does nothing yet: the hint below, read with the button.
        aria-describedby={selected ? undefined : `${id}-track-hint`}
      >
        {busy && <Spinner size="sm" />}
        {t('track')}
      </button>
      {selected ? null : (
        <p id={`${id}-track-hint`} className="tw-source-form__hint">
          {t('trackHint')}
        </p>
      )}
    </form>
  );
}

type TrackedSourcesProps = {
  loading: boolean;
  items: SourceOption[];
  empty: string;
  disabled: boolean;
  onRemove: (item: SourceOption) => void;
};

/** The tracked items of one kind, each with its Remove button; "loading" and "none yet" say so. */
function TrackedSources({ loading, items, empty, disabled, onRemove }: TrackedSourcesProps) {
  const { t } = useTranslation('tracker');
  if (loading) return <p className="tw-tracker-card__hint">{t('loadingTracked')}</p>;
  if (items.length === 0) return <p className="tw-tracker-card__hint">{empty}</p>;
  return (
    <ul className="tw-source-list">
      {items.map((item) => (
        <li key={item.value} className="tw-source-list__item">
          <span className="tw-source-list__label">{item.label}</span>
          <button
            type="button"
            className="btn btn-sm tw-remove-button"
            onClick={() => onRemove(item)}
            disabled={disabled}
            // The name holds the visible word (WCAG 2.5.3) and the item, so each button is unique.
            aria-label={t('removeItem', { name: item.label })}
          >
            {t('remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * spec §2 sections 3–5, §4 "Committee, industry and publisher", §5: a dropdown and a Track button (disabled until
 * an option is chosen; tracked options disabled; the choice resets after a successful add) and the tracked
 * items, each removable after a Yes. The server keeps exactly the list it is sent (spec §7 create-tracker-source),
 * so every change sends the whole new list of this kind.
 */
export function SourceTracker({ userId, trackingType, options, optionsLoading, texts }: SourceTrackerProps) {
  const { t } = useTranslation('tracker');
  const id = useId();
  const [selected, setSelected] = useState('');
  const [pendingRemoval, setPendingRemoval] = useState<SourceOption>();
  const sources = useListSourceTrackingsQuery(userId);
  const [setSource, { isLoading: saving }] = useSetSourceTrackingMutation();

  const tracked = (sources.data ?? NO_SOURCE_TRACKINGS)[trackingType];
  const trackedSet = new Set(tracked);
  const labelOf = new Map(options.map((o) => [o.value, o.label]));
  const trackedItems = tracked.map((value) => ({ value, label: labelOf.get(value) ?? value }));

  async function save(data: string[], message: string): Promise<boolean> {
    try {
      await setSource({ userId, trackingType, data }).unwrap();
      notify.success(message);
      return true;
    } catch {
      return false; // Toasted by the store's middleware (spec §8).
    }
  }

  async function onTrack(event: FormEvent) {
    event.preventDefault();
    if (!selected || trackedSet.has(selected)) return;
    if (await save([...tracked, selected], texts.added)) setSelected('');
  }

  async function onConfirmRemoval() {
    const item = pendingRemoval;
    setPendingRemoval(undefined);
    if (item)
      await save(
        tracked.filter((v) => v !== item.value),
        texts.removed,
      );
  }

  return (
    <section className="tw-tracker-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="tw-tracker-card__title">
        {texts.heading}
      </h2>
      <p className="tw-tracker-card__description">{texts.description}</p>
      <TrackForm
        id={id}
        texts={texts}
        options={options}
        optionsLoading={optionsLoading}
        tracked={trackedSet}
        selected={selected}
        onSelect={setSelected}
        busy={saving}
        ready={!sources.isLoading}
        onTrack={onTrack}
      />
      <h3 className="tw-tracker-card__subtitle">{texts.trackedHeading}</h3>
      <TrackedSources
        loading={sources.isLoading}
        items={trackedItems}
        empty={texts.empty}
        disabled={saving}
        onRemove={setPendingRemoval}
      />
      <ConfirmDialog
        open={pendingRemoval !== undefined}
        message={pendingRemoval && t('removeConfirm', { name: pendingRemoval.label })}
        onConfirm={() => void onConfirmRemoval()}
        onCancel={() => setPendingRemoval(undefined)}
      />
    </section>
  );
}
