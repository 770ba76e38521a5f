import {
  CHANGE_KIND_CHOICES,
  type ChangeKindChoice,
  DEFAULT_KIND_CHOICES,
  type NotificationPreferences,
  type SourceKinds,
} from '@trackwell/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../lib/api-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccount } from '../account-context.ts';
import {
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} from '../api/notification-preferences.ts';

/**
 * Which kinds of change to receive, globally and per source: the kinds the user is told about,
 * then each tracked committee, industry area and publisher, which follows that choice or has its own
 * (one committee can be "withdrawals only"). E-mails, webhooks and the change list follow it.
 */
export function ChangeKindsCard() {
  const { t } = useTranslation('account');
  const { userId } = useAccount();
  const id = useId();
  const { data, isLoading, isError, refetch } = useGetNotificationPreferencesQuery(userId ?? '', {
    skip: !userId,
  });
  return (
    <section className="tw-account__card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="tw-account__subtitle">
        {t('changeKinds.title')}
      </h3>
      {isLoading ? <PendingMessage>{t('state.loading')}</PendingMessage> : null}
      {isError ? (
        <div className="alert alert-danger tw-account__alert" role="alert">
          <p className="mb-2">{t('changeKinds.loadError')}</p>
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : null}
      {data && userId ? (
        // Keyed by what was loaded, so a save (or a source tracked elsewhere) starts the form afresh.
        <ChangeKindsForm key={JSON.stringify(data)} userId={userId} saved={data} />
      ) : null}
    </section>
  );
}

type Kinds = ReadonlySet<ChangeKindChoice>;
const sourceKey = (s: Pick<SourceKinds, 'type' | 'value'>) => `${s.type}:${s.value}`;
const inOrder = (kinds: Kinds) => CHANGE_KIND_CHOICES.filter((k) => kinds.has(k));
const same = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.join() === b.join());

function ChangeKindsForm({ userId, saved }: { userId: string; saved: NotificationPreferences }) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [kinds, setKinds] = useState<Kinds>(new Set(saved.kinds));
  const [own, setOwn] = useState(() => new Map(saved.sources.map((s) => [sourceKey(s), s.kinds])));
  const [save, { isLoading: saving }] = useSaveNotificationPreferencesMutation();
  const changedSources = saved.sources
    .filter((s) => !same(own.get(sourceKey(s)) ?? null, s.kinds))
    .map((s) => ({ ...s, kinds: own.get(sourceKey(s)) ?? null }));
  const dirty = !same(inOrder(kinds), saved.kinds) || changedSources.length > 0;
  const noneChosen = kinds.size === 0 || [...own.values()].some((k) => k !== null && k.length === 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (noneChosen) return;
    try {
      await save({ userId, kinds: inOrder(kinds), sources: changedSources }).unwrap();
      notify.success(t('changeKinds.saved'));
    } catch (error) {
      notify.error(t('changeKinds.saveError', { reason: describeApiError(error, tCommon) }));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="tw-account__hint">{t('changeKinds.intro')}</p>
      <KindChecks
        legend={t('changeKinds.legend')}
        name={`${id}-all`}
        kinds={kinds}
        onChange={setKinds}
        error={kinds.size === 0 ? t('changeKinds.atLeastOne') : undefined}
      />
      {saved.sources.length > 0 ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">{t('changeKinds.bySource')}</legend>
          <p className="tw-account__hint">{t('changeKinds.bySourceHint')}</p>
          {saved.sources.map((source) => (
            <SourceKindsChoice
              key={sourceKey(source)}
              source={source}
              kinds={own.get(sourceKey(source)) ?? null}
              onChange={(next) => setOwn((map) => new Map(map).set(sourceKey(source), next))}
            />
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!dirty || saving || noneChosen}>
        {saving ? t('changeKinds.saving') : t('changeKinds.save')}
      </button>
    </form>
  );
}

/** A group of the seven kinds as checkboxes, with its error (none chosen) linked to the group. */
function KindChecks({
  legend,
  name,
  kinds,
  onChange,
  error,
  small = false,
}: {
  legend: string;
  name: string;
  kinds: Kinds;
  onChange: (kinds: Kinds) => void;
  error?: string | undefined;
  small?: boolean;
}) {
  const { t } = useTranslation('account');
  const toggle = (kind: ChangeKindChoice, on: boolean) => {
    const next = new Set(kinds);
    if (on) next.add(kind);
    else next.delete(kind);
    onChange(next);
  };
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className={small ? 'visually-hidden' : 'form-label fs-6 fw-semibold'}>{legend}</legend>
      <div className="tw-account__kinds">
        {CHANGE_KIND_CHOICES.map((kind) => (
          <div key={kind} className="form-check">
            <input
              id={`${name}-${kind}`}
              type="checkbox"
              className="form-check-input"
              checked={kinds.has(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            <label htmlFor={`${name}-${kind}`} className="form-check-label">
              {t(`changeKinds.kinds.${kind}`)}
            </label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One tracked source: it follows the choice above, or has its own kinds. */
function SourceKindsChoice({
  source,
  kinds,
  onChange,
}: {
  source: SourceKinds;
  kinds: readonly ChangeKindChoice[] | null;
  onChange: (kinds: ChangeKindChoice[] | null) => void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const name = t(`changeKinds.source.${source.type}`, { value: source.value });
  const followsAll = kinds === null;
  return (
    <div className="tw-account__source-kinds">
      <div className="form-check form-switch">
        <input
          id={`${id}-own`}
          type="checkbox"
          role="switch"
          aria-checked={!followsAll}
          className="form-check-input"
          checked={!followsAll}
          onChange={(event) => onChange(event.target.checked ? [...DEFAULT_KIND_CHOICES] : null)}
        />
        <label htmlFor={`${id}-own`} className="form-check-label">
          <span dir="auto">{name}</span>
          {': '}
          {followsAll ? t('changeKinds.followsAll') : t('changeKinds.ownKinds')}
        </label>
      </div>
      {followsAll ? null : (
        <KindChecks
          legend={t('changeKinds.sourceLegend', { source: name })}
          name={`${id}-kinds`}
          kinds={new Set(kinds)}
          onChange={(next) => onChange(inOrder(next))}
          error={kinds.length === 0 ? t('changeKinds.atLeastOneSource') : undefined}
          small
        />
      )}
    </div>
  );
}
