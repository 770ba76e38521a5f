import { CATALOG_IMPORT_KINDS, type CatalogImportKind, XLSX_TYPE } from '@trackwell/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { importContentType } from '../lib/upload.ts';
import { useImportMapping } from '../lib/use-columns.ts';
import { type ReadAs, useCatalogImport } from '../lib/use-import.ts';
import { ApplyReport } from './apply-report.tsx';
import { ColumnMappingStep } from './column-mapping-step.tsx';
import { DryRunReport } from './dry-run-report.tsx';
import { FilePicker } from './file-picker.tsx';
import { ImportFailureAlert, ImportProgress } from './import-progress.tsx';

/**
 * Import a catalogue file: choose it (or drop it), say what a CSV holds when it has no `kind`
 * column, run the dry run, then apply — only the file, kind and mapping that dry run checked, and only when
 * it found no refused row. A CSV or XLSX file whose header the importer does not know (another body's
 * export) gets a column-mapping step: the mapping is saved for the store with the dry run, which then reads
 * the file through it.
 */
/** A table (CSV or XLSX) says the kind it holds or maps its columns; XML and a ZIP of STS files need neither. */
const isTable = (file: File | null) =>
  !file || importContentType(file) === 'text/csv' || importContentType(file) === XLSX_TYPE;

export function ImportPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<CatalogImportKind | ''>('');
  const job = useCatalogImport(code);
  const mapper = useImportMapping(code);
  const mapping = mapper.columns;
  const busy = job.phase.step !== 'idle' || mapper.saving;
  const isCsv = isTable(file);
  const readAs: ReadAs = mapping ? { kind: '', mapped: true } : { kind: isCsv ? kind : '' };
  const canApply = job.canApply(file, readAs);

  function choose(next: File | null) {
    setFile(next);
    job.reset();
    mapper.read(next);
  }

  /** The dry run; for a file that needs mapping, the mapping is saved first (a refusal is shown in place). */
  async function check(chosen: File) {
    const prepared = await mapper.prepare(chosen);
    if (prepared === 'mapped') await job.check(chosen, { kind: '', mapped: true });
    else if (prepared === 'plain') await job.check(chosen, { kind: isCsv ? kind : '' });
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
          if (file && !busy) void check(file);
        }}
      >
        <FilePicker file={file} onChange={choose} disabled={busy} />
        {mapper.reading ? <PendingMessage>{t('mapping.reading')}</PendingMessage> : null}
        {mapping ? (
          <ColumnMappingStep
            columns={mapping}
            draft={mapper.draft}
            errors={mapper.errors}
            disabled={busy}
            onChange={(next) => {
              mapper.setDraft(next);
              job.reset();
            }}
          />
        ) : isCsv ? (
          <KindSelect
            value={kind}
            disabled={busy}
            onChange={(next) => {
              setKind(next);
              job.reset();
            }}
          />
        ) : null}
        <ImportActions
          submitLabel={mapping ? t('mapping.saveAndDryRun') : t('import.dryRun')}
          canSubmit={Boolean(file) && !busy}
          canApply={canApply}
          busy={busy}
          fileName={file?.name ?? ''}
          onApply={() => {
            if (file) void job.apply(file, readAs);
          }}
        />
      </form>
      <ImportProgress phase={job.phase} fileName={file?.name ?? ''} />
      {job.failure ? <ImportFailureAlert failure={job.failure} /> : null}
      {job.dryRun && file ? <DryRunReport answer={job.dryRun} fileName={file.name} /> : null}
      {job.applied ? <ApplyReport answer={job.applied} /> : null}
    </section>
  );
}

/** Dry run (or save the mapping and dry run), and Apply — confirmed first — with the hint of why it waits. */
function ImportActions({
  submitLabel,
  canSubmit,
  canApply,
  busy,
  fileName,
  onApply,
}: {
  submitLabel: string;
  canSubmit: boolean;
  canApply: boolean;
  busy: boolean;
  fileName: string;
  onApply: () => void;
}) {
  const { t } = useTranslation('console-catalog');
  const applyHintId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <div className="tw-catalog__actions">
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {submitLabel}
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
      <ConfirmDialog
        open={confirming}
        title={t('import.confirmTitle')}
        message={t('import.confirmMessage', { file: fileName })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onApply();
        }}
      />
    </>
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
