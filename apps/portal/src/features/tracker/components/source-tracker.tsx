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
      <form className="tw-source-form" onSubmit={(event) => void onTrack(event)}>
        <div className="tw-source-form__field">
          <label htmlFor={`${id}-select`} className="form-label">
            {texts.selectLabel}
          </label>
          <select
            id={`${id}-select`}
            className="form-select"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
            disabled={optionsLoading}
          >
            <option value="">{optionsLoading ? t('loadingOptions') : texts.placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={trackedSet.has(option.value)}>
                {trackedSet.has(option.value)
                  ? t('alreadyTrackedOption', { label: option.label })
                  : option.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="btn btn-primary tw-source-form__submit"
          disabled={!selected || trackedSet.has(selected) || saving || sources.isLoading}
          // Why it does nothing yet: the hint below, read with the button.
          aria-describedby={selected ? undefined : `${id}-track-hint`}
        >
          {saving && <Spinner size="sm" />}
          {t('track')}
        </button>
        {selected ? null : (
          <p id={`${id}-track-hint`} className="tw-source-form__hint">
            {t('trackHint')}
          </p>
        )}
      </form>
      <h3 className="tw-tracker-card__subtitle">{texts.trackedHeading}</h3>
      {sources.isLoading ? (
        <p className="tw-tracker-card__hint">{t('loadingTracked')}</p>
      ) : trackedItems.length === 0 ? (
        <p className="tw-tracker-card__hint">{texts.empty}</p>
      ) : (
        <ul className="tw-source-list">
          {trackedItems.map((item) => (
            <li key={item.value} className="tw-source-list__item">
              <span className="tw-source-list__label">{item.label}</span>
              <button
                type="button"
                className="btn btn-sm tw-remove-button"
                onClick={() => setPendingRemoval(item)}
                disabled={saving}
                // The name holds the visible word (WCAG 2.5.3) and the item, so each button is unique.
                aria-label={t('removeItem', { name: item.label })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingRemoval !== undefined}
        message={pendingRemoval && t('removeConfirm', { name: pendingRemoval.label })}
        onConfirm={() => void onConfirmRemoval()}
        onCancel={() => setPendingRemoval(undefined)}
      />
    </section>
  );
}
