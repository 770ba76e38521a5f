import type { ConsoleIdentityKey, ConsoleIdentityKeys } from '@trackwell/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../../components/ui/data-table/data-table.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../../lib/api-errors.ts';
import { formatInstant } from '../../../../lib/format-instant.ts';
import { Breakable } from '../../components/breakable.tsx';
import { useGetStoreIdentityKeysQuery, useRotateStoreIdentityKeysMutation } from '../identity-keys-api.ts';

/** The refusals the panel words itself (the server's message otherwise). */
const KNOWN_REFUSALS = new Set(['rotation_under_way', 'no_identity_keys']);

/**
 * The embedded identity provider's signing keys: each key's state (next: published, signs later; current:
 * signs; previous: still verifies until it retires), the schedule, and "Rotate signing key", which publishes a
 * new key now (nobody is signed out: tokens and sessions the old key signed stay valid until they expire).
 */
export function SigningKeys({ code }: { code: string }) {
  const { t } = useTranslation('console-stores');
  const { t: tCommon, i18n } = useTranslation();
  const when = (at: string | null | undefined) => formatInstant(at, i18n.language);
  const heading = useId();
  const hint = useId();
  const { data, isLoading, isError } = useGetStoreIdentityKeysQuery(code);
  const [rotate, { isLoading: rotating }] = useRotateStoreIdentityKeysMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const under = data?.keys.some((k) => k.state === 'next') ?? false;

  async function run() {
    setOutcome(null);
    const answer = await rotate(code);
    if ('error' in answer) {
      const refusal = (answer.error as { data?: { error?: string } }).data?.error ?? '';
      const text = KNOWN_REFUSALS.has(refusal)
        ? t(`keys.refused.${refusal as 'rotation_under_way' | 'no_identity_keys'}`)
        : describeApiError(answer.error, tCommon);
      setOutcome({ ok: false, text });
      return;
    }
    const next = answer.data.keys.find((k) => k.state === 'next');
    setOutcome({ ok: true, text: t('keys.rotated', { at: when(next?.signsFrom) }) });
  }

  return (
    <section aria-labelledby={heading} className="mt-3">
      <h3 id={heading} className="h6">
        {t('keys.title')}
      </h3>
      {isLoading ? <Spinner size="sm" /> : null}
      {isError ? <p className="text-danger">{t('keys.loadFailed')}</p> : null}
      {data ? <KeyTable answer={data} when={when} /> : null}
      <p id={hint} className="form-text">
        {schedule(data, t, when)} {t('keys.rotateHint')}
      </p>
      <button
        type="button"
        className="btn btn-outline-primary tw-btn-icon"
        aria-describedby={hint}
        disabled={rotating || !data || data.keys.length === 0 || under}
        onClick={run}
      >
        {rotating ? <Spinner size="sm" /> : null}
        {rotating ? t('keys.rotating') : t('keys.rotate')}
      </button>
      <div role="status" className="mt-2">
        {outcome ? (
          <p className={`alert ${outcome.ok ? 'alert-success' : 'alert-danger'} mb-0`}>{outcome.text}</p>
        ) : null}
      </div>
    </section>
  );
}

type T = ReturnType<typeof useTranslation<'console-stores'>>['t'];
type When = (at: string | null | undefined) => string;

function schedule(data: ConsoleIdentityKeys | undefined, t: T, when: When): string {
  if (!data) return '';
  if (data.rotationDays === 0) return t('keys.scheduleOff');
  if (!data.nextRotationAt) return t('keys.scheduleUnderWay', { count: data.rotationDays });
  return t('keys.schedule', { count: data.rotationDays, at: when(data.nextRotationAt) });
}

/**
 * The keys as the portal's DataTable (next, current, previous as the server lists them; sortable by state or
 * publication; below 640 px one card per key, its id wrapping only at its separators).
 */
function KeyTable({ answer, when }: { answer: ConsoleIdentityKeys; when: When }) {
  const { t } = useTranslation('console-stores');
  const columns = useMemo<DataColumn<ConsoleIdentityKey>[]>(
    () => [
      {
        id: 'kid',
        accessorKey: 'kid',
        meta: { label: t('keys.kid'), rowHeader: true, dir: 'ltr' },
        cell: ({ row }) => (
          <code>
            <Breakable text={row.original.kid} />
          </code>
        ),
      },
      {
        id: 'state',
        accessorFn: (k) => t(`keys.states.${k.state}`),
        meta: { label: t('keys.state') },
      },
      {
        id: 'published',
        accessorKey: 'publishedAt',
        meta: { label: t('keys.published') },
        cell: ({ row }) => when(row.original.publishedAt),
      },
      {
        id: 'signs',
        enableSorting: false,
        meta: { label: t('keys.signs') },
        cell: ({ row: { original: k } }) =>
          k.signsFrom
            ? t(k.state === 'next' ? 'keys.signsFrom' : 'keys.signsSince', { at: when(k.signsFrom) })
            : t('keys.verifiesOnly'),
      },
      {
        id: 'retires',
        enableSorting: false,
        meta: { label: t('keys.retires') },
        cell: ({ row: { original: k } }) =>
          k.state !== 'previous' ? '—' : k.retiresAt ? when(k.retiresAt) : t('keys.retiredByOperator'),
      },
    ],
    [t, when],
  );
  if (answer.keys.length === 0) return <p>{t('keys.none')}</p>;
  return (
    <DataTable
      caption={t('keys.caption')}
      columns={columns}
      rows={answer.keys}
      rowId={(k) => k.kid}
      status={{ isLoading: false }}
      empty={t('keys.none')}
      columnMenu={false}
    />
  );
}
