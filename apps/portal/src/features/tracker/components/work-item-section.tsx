import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../../components/ui/content-icons.tsx';
import { InfoDialog } from '../../../components/ui/info-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { type ListContentTrackingsArgs, useListContentTrackingsQuery } from '../api/content-trackings.ts';
import {
  NO_SOURCE_TRACKINGS,
  useListSourceTrackingsQuery,
  useSetSourceTrackingMutation,
} from '../api/source-trackings.ts';

const INFO_PARAGRAPHS = ['workItem.info.p1', 'workItem.info.p2', 'workItem.info.p3'] as const;

/**
 * spec §2 section 1, §4 "Work-item tracking", §5: one checkbox, sent as 'true'/'false'. It is disabled while
 * the user's tracking is loading or being saved, and whenever a committee, an industry area or an individual
 * standard is tracked.
 */
export function WorkItemSection({
  userId,
  listArgs,
}: {
  userId: string;
  listArgs: ListContentTrackingsArgs;
}) {
  const { t } = useTranslation('tracker');
  const checkboxId = useId();
  const hintId = useId();
  const [infoOpen, setInfoOpen] = useState(false);
  const sources = useListSourceTrackingsQuery(userId);
  const standards = useListContentTrackingsQuery(listArgs);
  const [setSource, { isLoading: saving }] = useSetSourceTrackingMutation();

  const tracking = sources.data ?? NO_SOURCE_TRACKINGS;
  const othersTracked =
    tracking.COMMITTEE.length > 0 ||
    tracking.INDUSTRYAREA.length > 0 ||
    (standards.data?.totalElements ?? 0) > 0;
  const busy = sources.isLoading || sources.isFetching || standards.isLoading || saving;

  async function onChange(checked: boolean) {
    try {
      await setSource({ userId, trackingType: 'WORKITEM', data: [checked ? 'true' : 'false'] }).unwrap();
      notify.success(t('workItemTrackingUpdated'));
    } catch {
      // Toasted by the store's middleware (spec §8).
    }
  }

  return (
    <section className="tw-tracker-card tw-work-item" aria-labelledby={`${checkboxId}-heading`}>
      <div className="tw-tracker-card__head">
        <h2 id={`${checkboxId}-heading`} className="tw-tracker-card__title">
          {t('workItem.heading')}
        </h2>
        <button
          type="button"
          className="btn btn-link tw-btn-icon tw-work-item__info"
          onClick={() => setInfoOpen(true)}
          aria-haspopup="dialog"
        >
          <InfoIcon />
          {t('workItem.infoButton')}
        </button>
      </div>
      <div className="form-check">
        <input
          id={checkboxId}
          type="checkbox"
          className="form-check-input"
          checked={tracking.WORKITEM}
          disabled={busy || othersTracked}
          aria-describedby={othersTracked ? hintId : undefined}
          onChange={(event) => void onChange(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={checkboxId}>
          {t('workItem.label')}
        </label>
      </div>
      {othersTracked && (
        <p id={hintId} className="tw-tracker-card__hint">
          {t('workItem.disabledHint')}
        </p>
      )}
      {infoOpen && (
        <InfoDialog
          title={t('workItem.info.title')}
          closeLabel={t('workItem.close')}
          onClose={() => setInfoOpen(false)}
        >
          {INFO_PARAGRAPHS.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </InfoDialog>
      )}
    </section>
  );
}
