import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { useListCatalogStandardsQuery } from '../api/catalog-api.ts';
import { InputField } from './fields.tsx';

/**
 * The standard a change is about, by its content code: typed, or found with the catalogue search
 * (designation or title words) and chosen from the matches.
 */
export function StandardPicker({
  code,
  value,
  onChange,
  ...field
}: {
  code: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
  required: boolean;
}) {
  const { t } = useTranslation('console-catalog');
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useListCatalogStandardsQuery({ code, q }, { skip: !q });
  const find = () => setQ(text.trim());
  return (
    <div className="tw-catalog__picker">
      <InputField
        {...field}
        value={value}
        onChange={onChange}
        dir="ltr"
        maxLength={64}
        hint={t('picker.hint')}
      />
      <div className="tw-catalog__picker-search">
        <label htmlFor={searchId} className="form-label">
          {t('picker.search')}
        </label>
        <div className="tw-catalog__search-row">
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={text}
            maxLength={200}
            disabled={field.disabled}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches here instead of previewing the change.
              if (event.key === 'Enter') {
                event.preventDefault();
                find();
              }
            }}
          />
          <button type="button" className="btn btn-outline-primary" disabled={field.disabled} onClick={find}>
            {t('picker.find')}
          </button>
        </div>
        {!q ? null : found.isFetching ? (
          <PendingMessage>{t('picker.searching')}</PendingMessage>
        ) : found.error ? (
          <p className="text-danger" role="alert">
            {t('picker.failed')}
          </p>
        ) : (
          <Matches
            standards={found.data?.standards ?? []}
            onPick={(contentCode) => {
              onChange(contentCode);
              setQ('');
            }}
          />
        )}
      </div>
    </div>
  );
}

function Matches({
  standards,
  onPick,
}: {
  standards: { contentCode: string; designation: string; title: string }[];
  onPick: (contentCode: string) => void;
}) {
  const { t } = useTranslation('console-catalog');
  if (standards.length === 0) return <p role="status">{t('picker.none')}</p>;
  return (
    <ul className="tw-catalog__matches" aria-label={t('picker.matches')}>
      {standards.slice(0, 10).map((s) => (
        <li key={s.contentCode}>
          <button
            type="button"
            className="btn btn-link btn-sm p-0 text-start"
            onClick={() => onPick(s.contentCode)}
          >
            {t('picker.use', { designation: s.designation })}
          </button>{' '}
          <span dir="auto">{s.title}</span>
        </li>
      ))}
    </ul>
  );
}
