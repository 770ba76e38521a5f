import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../../lib/api-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { LOGO_TYPES, useUploadStoreLogoMutation } from '../api.ts';

/** The largest logo the form sends; the server has its own limit (413). */
const MAX_LOGO_BYTES = 1024 * 1024;

/**
 * The store's logo: an SVG (sanitised by the server: one with a script is refused), a PNG or a JPEG, sent as
 * the request body with its type. Refusals are said beside the file input.
 */
export function LogoUpload({ code }: { code: string }) {
  const { t } = useTranslation('console-stores');
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [upload, { isLoading }] = useUploadStoreLogoMutation();
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setError(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(t('logo.wrongType'));
    if (file.size > MAX_LOGO_BYTES) return setError(t('logo.tooLarge'));
    const answer = await upload({ code, file, type: file.type });
    if (!('error' in answer)) return notify.success(t('logo.done'));
    const status = (answer.error as { status?: unknown }).status;
    if (status === 413) setError(t('logo.tooLarge'));
    else if (status === 415) setError(t('logo.wrongType'));
    else if (status === 404) setError(t('logo.unavailable'));
    else setError(t('logo.refused', { reason: describeApiError(answer.error, tCommon) }));
  }

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('logo.label')}
      </label>
      <input
        id={id}
        type="file"
        className={`form-control${error ? ' is-invalid' : ''}`}
        accept={LOGO_TYPES.join(',')}
        disabled={isLoading}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <div id={`${id}-hint`} className="form-text">
        {isLoading ? (
          <span className="tw-pending" role="status">
            <Spinner size="sm" />
            {t('logo.uploading')}
          </span>
        ) : (
          t('logo.hint')
        )}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
