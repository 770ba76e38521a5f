import { LOGO_UPLOAD_MAX_BYTES, type LogoUploadType } from '@trackwell/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { describeApiError } from '../../../../lib/api-errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { LOGO_TYPES, useUploadStoreLogoMutation } from '../api.ts';

/** A limit in kB as people read it (the contract's bytes, 1 kB = 1,024 bytes as the server counts them). */
const kb = (type: LogoUploadType) => Math.floor(LOGO_UPLOAD_MAX_BYTES[type] / 1024);

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
    const type = file.type as LogoUploadType;
    if (file.size > LOGO_UPLOAD_MAX_BYTES[type]) return setError(t('logo.tooLarge', { limit: kb(type) }));
    const answer = await upload({ code, file, type: file.type });
    if (!('error' in answer)) return notify.success(t('logo.done'));
    const status = (answer.error as { status?: unknown }).status;
    if (status === 413) setError(t('logo.tooLarge', { limit: kb(type) }));
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
          t('logo.hint', { svg: kb('image/svg+xml'), image: kb('image/png') })
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
