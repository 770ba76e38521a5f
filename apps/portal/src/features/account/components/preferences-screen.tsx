import type { Language } from '@trackwell/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { toBcp47 } from '../../../lib/i18n.ts';
import { asLanguage, LANGUAGE_AUTONYMS, languageSelectorVisible } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { chooseLanguage } from '../../../lib/switch-language.ts';
import { useTranslationEnabled } from '../../auth/index.ts';
import { useTenantConfig } from '../../tenant/index.ts';
import { useAccount } from '../account-context.ts';
import {
  summariseTrackingEmails,
  useGetTrackingEmailSourcesQuery,
  useGetTrackingEmailsQuery,
} from '../api/get-tracking-email-sources.ts';
import { describeMyAccountError } from '../lib/myaccount-errors.ts';
import { saveProfileLanguage } from '../lib/profile-language.ts';
import { ChangeKindsCard } from './change-kinds-card.tsx';
import { FrequencyCard } from './frequency-card.tsx';
import { MonthlyStatusCard } from './monthly-status-card.tsx';
import { ReviewAlertCard } from './review-alert-card.tsx';
import { AccountScreen } from './screen.tsx';
import { SuccessorCard } from './successor-card.tsx';

/** Where the tracker page's unsubscribe is (spec §2 "Tracker page": the unsubscribe link, its last section). */
export const TRACKER_UNSUBSCRIBE_HREF = { pathname: '/', hash: '#unsubscribe' };

/** spec §1 "A language choice is offered when the tenant allows it"; the tracking e-mails' status (§1, §4). */
export function PreferencesScreen() {
  const { t } = useTranslation('account');
  return (
    <AccountScreen title={t('preferences.title')}>
      <LanguagePreference />
      <TrackingEmails />
      <FrequencyCard />
      <MonthlyStatusCard />
      <ReviewAlertCard />
      <ChangeKindsCard />
      <SuccessorCard />
    </AccountScreen>
  );
}

/**
 * spec §4 "Choosing a language saves the preference and switches the language": the same as the header's
 * selector (lib/switch-language.ts, lib/locale-cookie.ts), with a Save button, as a form on a settings page.
 */
function LanguagePreference() {
  const { t, i18n } = useTranslation('account');
  const { ui } = useTenantConfig();
  const { client } = useAccount();
  const id = useId();
  const current = asLanguage(i18n.language) ?? ui.defaultLanguage;
  const [chosen, setChosen] = useState<Language>(current);
  // The header's selector switches the language too: the form then starts from the new one.
  useEffect(() => setChosen(current), [current]);
  const [saving, setSaving] = useState(false);
  const offered = languageSelectorVisible(ui, useTranslationEnabled(ui));

  // The profile's language (which e-mails follow) is saved first; then the page and its cookie
  // switch. A refusal changes nothing, so the three never disagree and the person can try again.
  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await saveProfileLanguage(client, chosen);
      await chooseLanguage(i18n, chosen, ui.localeCookieEnv);
      notify.success(i18n.getFixedT(chosen, 'account')('preferences.languageSaved'));
    } catch (error) {
      notify.error(describeMyAccountError(error, i18n.getFixedT(chosen, 'account')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('preferences.languageTitle')}
      </h3>
      {offered ? (
        <form onSubmit={submit}>
          <label htmlFor={`${id}-language`} className="form-label">
            {t('preferences.languageLabel')}
          </label>
          <p id={`${id}-hint`} className="tw-account__hint">
            {t('preferences.languageHint')}
          </p>
          <div className="tw-account__inline">
            <select
              id={`${id}-language`}
              className="form-select tw-account__select"
              aria-describedby={`${id}-hint`}
              value={chosen}
              onChange={(event) => setChosen(asLanguage(event.target.value) ?? chosen)}
            >
              {ui.languages.map((lng) => (
                <option key={lng} value={lng} lang={toBcp47(lng)}>
                  {LANGUAGE_AUTONYMS[lng]}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary" disabled={saving || chosen === current}>
              {saving ? t('preferences.languageSaving') : t('preferences.languageSave')}
            </button>
          </div>
        </form>
      ) : (
        <p className="mb-0">
          {t('preferences.languageFixed')} <span lang={toBcp47(current)}>{LANGUAGE_AUTONYMS[current]}</span>
        </p>
      )}
    </section>
  );
}

/** The status badge's look and words per state (contracts `trackingEmailState`). */
const STATE_VIEW = {
  receiving: {
    badge: 'tw-badge--success',
    label: 'preferences.subscribed',
    text: 'preferences.subscribedText',
  },
  unsubscribed: {
    badge: 'tw-badge--neutral',
    label: 'preferences.unsubscribed',
    text: 'preferences.unsubscribedText',
  },
  nothingTracked: {
    badge: 'tw-badge--neutral',
    label: 'preferences.nothingTracked',
    text: 'preferences.nothingTrackedText',
  },
} as const;

/**
 * The tracking e-mails: whether they come (the server's rule: unsubscribed, or something tracked, standards
 * included), what they cover, and the way to the tracker page's unsubscribe (spec §2, §4).
 */
function TrackingEmails() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const sources = useGetTrackingEmailSourcesQuery(userId ?? '', { skip: !userId });
  const status = useGetTrackingEmailsQuery(userId ?? '', { skip: !userId, refetchOnMountOrArgChange: true });
  const summary = sources.data && status.data ? summariseTrackingEmails(sources.data) : undefined;
  const view = status.data ? STATE_VIEW[status.data.state] : undefined;
  const failed = sources.isError || status.isError || status.data === null;
  const retry = () => void Promise.all([sources.refetch(), status.refetch()]);

  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('preferences.trackingTitle')}
      </h3>
      {sources.isLoading || status.isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {failed ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('preferences.trackingError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={retry}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {summary && view && status.data ? (
        <>
          <p>
            <span className={`tw-badge ${view.badge}`}>{t(view.label)}</span> {t(view.text)}
          </p>
          <dl className="tw-account__facts">
            <div>
              <dt>{t('preferences.standards')}</dt>
              <dd>{status.data.standards}</dd>
            </div>
            <div>
              <dt>{t('preferences.committees')}</dt>
              <dd>{summary.committees}</dd>
            </div>
            <div>
              <dt>{t('preferences.industryAreas')}</dt>
              <dd>{summary.industryAreas}</dd>
            </div>
            <div>
              <dt>{t('preferences.publishers')}</dt>
              <dd>{summary.publishers}</dd>
            </div>
            <div>
              <dt>{t('preferences.workItems')}</dt>
              <dd>{summary.workItems ? t('preferences.on') : t('preferences.off')}</dd>
            </div>
          </dl>
        </>
      ) : null}
      <p className="mb-0">
        <Link to={TRACKER_UNSUBSCRIBE_HREF}>
          {status.data?.state === 'receiving'
            ? t('preferences.unsubscribeLink')
            : t('preferences.manageLink')}
        </Link>
      </p>
    </section>
  );
}
