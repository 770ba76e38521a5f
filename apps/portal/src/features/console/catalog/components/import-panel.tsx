import { CATALOG_IMPORT_KINDS, type CatalogImportKind } from '@trackwell/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { useSaveCatalogImportMappingMutation } from '../api/catalog-api.ts';
import { draftOf, type MappingDraft, mappingOf } from '../lib/mapping-draft.ts';
import { importContentType } from '../lib/upload.ts';
import { useImportColumns } from '../lib/use-columns.ts';
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
export function ImportPanel({ code }: { code: string }) {
  const { t } = useTranslation('console-catalog');
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<CatalogImportKind | ''>('');
  const [confirming, setConfirming] = useState(false);
  const job = useCatalogImport(code);
  const table = useImportColumns(code);
  const [draft, setDraft] = useState<MappingDraft>({});
  const [mappingErrors, setMappingErrors] = useState<string[]>([]);
  const [saveMapping, saving] = useSaveCatalogImportMappingMutation();
  const applyHintId = useId();
  const mapping = table.columns && !table.columns.recognised ? table.columns : null;
  const busy = job.phase.step !== 'idle' || saving.isLoading;
  const isCsv = !file || importContentType(file) !== 'application/xml';
  const readAs: ReadAs = mapping ? { kind: '', mapped: true } : { kind: isCsv ? kind : '' };
  const canApply = job.canApply(file, readAs);

  useEffect(() => {
    if (table.columns) setDraft(draftOf(table.columns.headers, table.columns.suggested));
    setMappingErrors([]);
  }, [table.columns]);

  function choose(next: File | null) {
    setFile(next);
    job.reset();
    table.read(next);
  }

  /** The dry run; for a file that needs mapping, the mapping is saved first (its refusal shown in place). */
  async function check(chosen: File) {
    const columns = await table.columnsOf(chosen);
    if (!columns || columns.recognised) return job.check(chosen, { kind: isCsv ? kind : '' });
    const saved = await saveMapping({ code, mapping: mappingOf(draft, columns.suggested) });
    if ('error' in saved) {
      const body = (saved.error as { data?: { issues?: { message: string }[]; message?: string } }).data;
      setMappingErrors(body?.issues?.map((i) => i.message) ?? [body?.message ?? t('mapping.notSaved')]);
      return;
    }
    setMappingErrors([]);
    return job.check(chosen, { kind: '', mapped: true });
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
        {table.reading ? <PendingMessage>{t('mapping.reading')}</PendingMessage> : null}
        {mapping ? (
          <ColumnMappingStep
            columns={mapping}
            draft={draft}
            errors={mappingErrors}
            disabled={busy}
            onChange={(next) => {
              setDraft(next);
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
        <div className="tw-catalog__actions">
          <button type="submit" className="btn btn-primary" disabled={!file || busy}>
            {mapping ? t('mapping.saveAndDryRun') : t('import.dryRun')}
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
          if (file) void job.apply(file, readAs);
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
