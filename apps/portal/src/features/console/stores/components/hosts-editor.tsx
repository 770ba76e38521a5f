import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorAt, type FieldErrors } from '../lib/field-errors.ts';

/**
 * A store's host names, one input each; the first is canonical (every absolute URL of the store is built
 * from it). Hosts move up, are removed and added; a store's only host can be neither moved nor removed,
 * and instead of two disabled buttons a note says why.
 */
export function HostsEditor({
  hosts,
  onChange,
  errors,
  path = 'hosts',
}: {
  hosts: string[];
  onChange: (hosts: string[]) => void;
  errors: FieldErrors;
  /** Where the server names these hosts' errors. */
  path?: string;
}) {
  const { t } = useTranslation('console-stores');
  const id = useId();
  const all = errors.fields[path];
  return (
    <div className="tw-stores__list">
      <ol className="tw-stores__rows">
        {hosts.map((host, i) => (
          <HostRow
            // biome-ignore lint/suspicious/noArrayIndexKey: hosts are edited in place; the position is the identity.
            key={i}
            id={id}
            hosts={hosts}
            host={host}
            i={i}
            error={errorAt(errors, `${path}.${i}`)}
            onChange={onChange}
          />
        ))}
      </ol>
      {all ? (
        <p className="tw-stores__error" role="alert">
          {all}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={hosts.length >= 20}
        onClick={() => onChange([...hosts, ''])}
      >
        {t('hosts.add')}
      </button>
    </div>
  );
}

/** One host: its input (labelled canonical for the first), and the buttons that move it up and remove it. */
function HostRow({
  id,
  hosts,
  host,
  i,
  error,
  onChange,
}: {
  /** The editor's id, the input's and the error's ids derive from it. */
  id: string;
  hosts: string[];
  host: string;
  /** The host's position in `hosts`. */
  i: number;
  error: string | undefined;
  onChange: (hosts: string[]) => void;
}) {
  const { t } = useTranslation('console-stores');
  const label = i === 0 ? t('hosts.canonical') : t('hosts.other', { n: i + 1 });
  const move = (from: number, to: number) => {
    const next = [...hosts];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved ?? '');
    onChange(next);
  };
  return (
    <li className="tw-stores__row">
      <div className="tw-stores__grow">
        <label htmlFor={`${id}-${i}`} className="form-label">
          {label}
        </label>
        <input
          id={`${id}-${i}`}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={host}
          dir="ltr"
          required
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${i}-error` : undefined}
          onChange={(event) => onChange(hosts.map((h, j) => (j === i ? event.target.value : h)))}
        />
        {error ? (
          <div id={`${id}-${i}-error`} className="invalid-feedback">
            {error}
          </div>
        ) : null}
      </div>
      {/* Only the buttons that can act: the first host cannot move up, the only one cannot go (it says so). */}
      {hosts.length === 1 ? (
        <p className="tw-stores__row-note">{t('hosts.onlyOne')}</p>
      ) : (
        <div className="tw-stores__row-actions">
          {i > 0 ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => move(i, i - 1)}>
              {i === 1 ? t('hosts.makeCanonical') : t('hosts.up')}
              <span className="tw-visually-hidden"> {host}</span>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => onChange(hosts.filter((_h, j) => j !== i))}
          >
            {t('hosts.remove')}
            <span className="tw-visually-hidden"> {host}</span>
          </button>
        </div>
      )}
    </li>
  );
}
