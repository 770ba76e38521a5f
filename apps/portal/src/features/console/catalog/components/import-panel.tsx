import { CATALOG_IMPORT_KINDS, type CatalogImportKind } from '@trackwell/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { importContentType } from '../lib/upload.ts';
import { useCatalogImport } from '../lib/use-import.ts';
import { ApplyReport } from './apply-report.tsx';
import { DryRunReport } from './dry-run-report.tsx';
import { FilePicker } from './file-picker.tsx';
import { ImportFailureAlert, ImportProgress } from './import-progress.tsx';

/**
 * Import a catalogue file: choose it (or drop it), say what a CSV holds when it has no `kind`
 * column, run the dry run, then apply — only the file and kind that dry run checked, and only when it found
 * no refused row.
 */
export function ImportPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<CatalogImportKind | ''>('');
  const [confirming, setConfirming] = useState(false);
  const job = useCatalogImport(code);
  const applyHintId = useId();
  const busy = job.phase.step !== 'idle';
  const isCsv = !file || importContentType(file) === 'text/csv';
  const canApply = job.canApply(file, isCsv ? kind : '');
  const chosenKind = isCsv ? kind : '';

  function choose(next: File | null) {
    setFile(next);
    job.reset();
  }

  return (
    <section className="tw-catalog__panel" aria-labelledby="tw-catalog-import-title">
      <h3 id="tw-catalog-import-title" className="h5">
        {t('import.title')}
      </h3>
      <p className="text-body-secondary">{t('import.intro')}</p>
      <form
        aria-labelledby="tw-catalog-import-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (file && !busy) void job.check(file, chosenKind);
        }}
      >
        <FilePicker file={file} onChange={choose} disabled={busy} />
        {isCsv ? (
          <KindSelect
            value={kind}
            disabled={busy}
            onChange={(next) => {
              setKind(next);
              job.reset();
            }}
          />
        ) : null}
        <div className="tw-catalog__actions">
          <button type="submit" className="btn btn-primary" disabled={!file || busy}>
            {t('import.dryRun')}
          </button>
          <button
            type="button"
            className="btn btn-success"
            disabled={!canApply || busy}
            aria-describedby={canApply ? undefined : applyHintId}
            onClick={() => setConfirming(true)}
          >
            {t('import.apply')}
          </button>
        </div>
        {canApply ? null : (
          <p id={applyHintId} className="form-text">
            {t('import.applyHint')}
          </p>
        )}
      </form>
      <ImportProgress phase={job.phase} fileName={file?.name ?? ''} />
      {job.failure ? <ImportFailureAlert failure={job.failure} /> : null}
      {job.dryRun && file ? <DryRunReport answer={job.dryRun} fileName={file.name} /> : null}
      {job.applied ? <ApplyReport answer={job.applied} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('import.confirmTitle')}
        message={t('import.confirmMessage', { file: file?.name ?? '' })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (file) void job.apply(file, chosenKind);
        }}
      />
    </section>
  );
}

/** What a CSV file holds, when its header does not say it. */
function KindSelect({
  value,
  disabled,
  onChange,
}: {
  value: CatalogImportKind | '';
  disabled: boolean;
  onChange: (kind: CatalogImportKind | '') => void;
}) {
  const { t } = useTranslation('console-catalog');
  const kindId = useId();
  return (
    <div className="mb-3">
      <label htmlFor={kindId} className="form-label">
        {t('import.kind')}
      </label>
      <select
        id={kindId}
        className="form-select"
        value={value}
        disabled={disabled}
        aria-describedby={`${kindId}-hint`}
        onChange={(event) => onChange(event.target.value as CatalogImportKind | '')}
      >
        <option value="">{t('import.kindAuto')}</option>
        {CATALOG_IMPORT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kinds.${k}`)}
          </option>
        ))}
      </select>
      <div id={`${kindId}-hint`} className="form-text">
        {t('import.kindHint')}
      </div>
    </div>
  );
}
