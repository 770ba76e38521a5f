import { CATALOG_IMPORT_MAX_BYTES } from '@trackwell/contracts';
import { useTranslation } from 'react-i18next';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { formatBytes, formatPercent } from '../lib/format.ts';
import type { ImportFailure, ImportPhase } from '../lib/use-import.ts';

/** While the file goes up: a progress bar; once it is up: "Checking…" / "Applying…" while the server works. */
export function ImportProgress({ phase, fileName }: { phase: ImportPhase; fileName: string }) {
  const { t, i18n } = useTranslation('console-catalog');
  if (phase.step === 'idle') return null;
  if (phase.step === 'working') {
    return (
      <div className="tw-catalog__progress">
        <PendingMessage>
          {phase.action === 'dryRun'
            ? t('import.checking', { file: fileName })
            : t('import.applying', { file: fileName })}
        </PendingMessage>
      </div>
    );
  }
  const percent = phase.total > 0 ? Math.min(100, Math.round((phase.sent / phase.total) * 100)) : 0;
  const label = t('import.uploading', { file: fileName });
  const shown = formatPercent(percent, i18n.language);
  return (
    <div className="tw-catalog__progress">
      <p className="mb-1" id="tw-catalog-upload-label">
        {label}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby="tw-catalog-upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={shown}
      >
        <div className="progress-bar" style={{ inlineSize: `${percent}%` }}>
          {shown}
        </div>
      </div>
    </div>
  );
}

/** Why the dry run or the apply did not happen, in words (a file too large is said with the limit). */
export function ImportFailureAlert({ failure }: { failure: ImportFailure }) {
  const { t, i18n } = useTranslation('console-catalog');
  const limit = formatBytes(CATALOG_IMPORT_MAX_BYTES, i18n.language);
  const message =
    failure.kind === 'tooLarge'
      ? t('import.tooLarge', { size: limit })
      : failure.kind === 'unsupported'
        ? t('import.unsupported')
        : failure.kind === 'network'
          ? t('import.network')
          : (failure.message ?? t('import.serverError', { status: failure.status }));
  return (
    <div className="alert alert-danger mt-3" role="alert">
      {message}
    </div>
  );
}
