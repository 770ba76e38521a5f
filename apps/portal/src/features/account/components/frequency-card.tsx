import {
  NOTIFICATION_FREQUENCIES,
  type NotificationFrequencyAnswer,
  type NotificationFrequencyChoice,
} from '@trackwell/contracts';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { toBcp47 } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import {
  useGetNotificationFrequencyQuery,
  useSaveNotificationFrequencyMutation,
  useSendTestDigestMutation,
} from '../api/notification-frequency.ts';
import { currentZoneName, timeZoneOptions } from '../lib/time-zones.ts';

/**
 * How often the user is e-mailed: one e-mail per change, or a daily or weekly digest at the hour (and weekday) the
 * user picks, in their time zone (the browser's until they choose one). Hours, weekdays and zones are written
 * by Intl in the page's language (zones: lib/time-zones.ts), so only the labels are translated.
 */
export function FrequencyCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetNotificationFrequencyQuery(userId ?? '', {
    skip: !userId,
  });
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('frequency.title')}
      </h3>
      {isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('frequency.loadError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {data && userId ? <FrequencyForm key={JSON.stringify(data)} userId={userId} saved={data} /> : null}
      {userId ? <TestDigest userId={userId} /> : null}
    </section>
  );
}

/** "Send me a test digest now": what the next digest holds, e-mailed now (marked as a test). */
function TestDigest({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [send, { isLoading: sending }] = useSendTestDigestMutation();
  async function sendNow() {
    try {
      await send(userId).unwrap();
      notify.success(t('frequency.testDigestSent'));
    } catch (error) {
      notify.error(t('frequency.testDigestError', { reason: describeApiError(error, tCommon) }));
    }
  }
  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={sending}
        aria-describedby={`${id}-hint`}
        onClick={() => void sendNow()}
      >
        {t('frequency.testDigest')}
      </button>
      <p id={`${id}-hint`} className="tw-account__hint mb-0 mt-1">
        {t('frequency.testDigestHint')}
      </p>
    </div>
  );
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function FrequencyForm({ userId, saved }: { userId: string; saved: NotificationFrequencyAnswer }) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [frequency, setFrequency] = useState<NotificationFrequencyChoice>(saved.frequency);
  const [hour, setHour] = useState(saved.hour);
  const [weekday, setWeekday] = useState(saved.weekday);
  const detected = saved.timeZone === null;
  // A zone saved under an old name ("Asia/Calcutta") is shown, and saved again, by its current one.
  const savedZone = saved.timeZone === null ? null : currentZoneName(saved.timeZone);
  const [timeZone, setTimeZone] = useState(savedZone ?? currentZoneName(browserTimeZone()));
  const [save, { isLoading: saving }] = useSaveNotificationFrequencyMutation();
  const dirty =
    detected ||
    frequency !== saved.frequency ||
    hour !== saved.hour ||
    weekday !== saved.weekday ||
    timeZone !== savedZone;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save({ userId, frequency, hour, weekday, timeZone }).unwrap();
      notify.success(t('frequency.saved'));
    } catch (error) {
      notify.error(t('frequency.saveError', { reason: describeApiError(error, tCommon) }));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="tw-account__hint">{t('frequency.intro')}</p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">{t('frequency.legend')}</legend>
        {NOTIFICATION_FREQUENCIES.map((f) => (
          <div key={f} className="form-check">
            <input
              id={`${id}-${f}`}
              type="radio"
              name={`${id}-frequency`}
              className="form-check-input"
              checked={frequency === f}
              onChange={() => setFrequency(f)}
            />
            <label htmlFor={`${id}-${f}`} className="form-check-label">
              {t(`frequency.options.${f}`)}
            </label>
          </div>
        ))}
      </fieldset>
      {frequency === 'instant' ? null : (
        <DigestWhen
          weekly={frequency === 'weekly'}
          when={{ hour, weekday, timeZone }}
          set={{ hour: setHour, weekday: setWeekday, timeZone: setTimeZone }}
          detected={detected}
        />
      )}
      <button type="submit" className="btn btn-primary" disabled={!dirty || saving}>
        {saving ? t('frequency.saving') : t('frequency.save')}
      </button>
    </form>
  );
}

/** The digest's day (weekly), hour and time zone; the browser's zone is marked until the user saves one. */
function DigestWhen({
  weekly,
  when,
  set,
  detected,
}: {
  weekly: boolean;
  when: { hour: number; weekday: number; timeZone: string };
  set: { hour: (h: number) => void; weekday: (d: number) => void; timeZone: (z: string) => void };
  detected: boolean;
}) {
  const { t, i18n } = useTranslation('account');
  const id = useId();
  const locale = toBcp47(i18n.language);
  const timeZone = when.timeZone;
  const zones = useMemo(() => timeZoneOptions(locale, timeZone), [locale, timeZone]);
  const hours = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    return Array.from({ length: 24 }, (_, h) => f.format(Date.UTC(2026, 0, 1, h)));
  }, [locale]);
  const weekdays = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, d) => f.format(Date.UTC(2026, 0, 4 + d))); // 4 Jan 2026: a Sunday
  }, [locale]);
  return (
    <div className="tw-account__frequency-when">
      {weekly ? (
        <Choice
          id={`${id}-weekday`}
          label={t('frequency.weekday')}
          value={when.weekday}
          onChange={set.weekday}
        >
          {weekdays.map((name, d) => (
            <option key={name} value={d}>
              {name}
            </option>
          ))}
        </Choice>
      ) : null}
      <Choice id={`${id}-hour`} label={t('frequency.hour')} value={when.hour} onChange={set.hour}>
        {hours.map((label, h) => (
          <option key={label} value={h}>
            {label}
          </option>
        ))}
      </Choice>
      <div className="mb-3">
        <label htmlFor={`${id}-zone`} className="form-label">
          {t('frequency.timeZone')}
        </label>
        <select
          id={`${id}-zone`}
          className="form-select"
          value={when.timeZone}
          aria-describedby={detected ? `${id}-zone-hint` : undefined}
          onChange={(event) => set.timeZone(event.target.value)}
        >
          {zones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </select>
        {detected ? (
          <p id={`${id}-zone-hint`} className="tw-account__hint">
            {t('frequency.detected')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A labelled select of numbers (hour, weekday). */
function Choice(props: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  children: ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-select"
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {props.children}
      </select>
    </div>
  );
}
