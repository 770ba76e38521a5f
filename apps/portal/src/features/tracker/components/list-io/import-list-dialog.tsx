import type { ListImportReport } from '@trackwell/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoDialog } from '../../../../components/ui/info-dialog.tsx';
import { PendingMessage } from '../../../../components/ui/spinner.tsx';
import { notify } from '../../../../lib/notify.ts';
import { useListImportPreviewMutation, useListImportTrackMutation } from '../../api/list-io.ts';
import { ImportReportView } from './import-report-view.tsx';

/** The server's message of a refused file (it names the problem: size, rows, format), else ours. */
function problemOf(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : undefined;
}

/**
 * Importing a list: choose a file → (the column the designations are in) → the report: matched, to choose
 * (ambiguous), not found, already tracked → "Track standards". Nothing is tracked before that button.
 */
export function ImportListDialog({ onClose, onTracked }: { onClose: () => void; onTracked: () => void }) {
  const { t } = useTranslation('tracker');
  const [file, setFile] = useState<File>();
  const [choices, setChoices] = useState<Record<number, string>>({});
  const [preview, previewState] = useListImportPreviewMutation();
  const [track, trackState] = useListImportTrackMutation();
  const report: ListImportReport | undefined = previewState.data;

  const read = (chosen: File, column?: number) => {
    setChoices({});
    void preview({ file: chosen, column });
  };
  const matched = report?.rows.filter((r) => r.outcome === 'matched').map((r) => r.standard!.assetId) ?? [];
  const chosen = [...new Set([...matched, ...Object.values(choices).filter(Boolean)])];

  const onTrack = async () => {
    const result = await track(chosen);
    if ('error' in result) return;
    notify.success(t('listIo.trackedToast', { n: result.data.tracked }));
    onTracked();
  };

  return (
    <InfoDialog title={t('listIo.dialogTitle')} closeLabel={t('workItem.close')} onClose={onClose}>
      <div className="tw-list-import">
        <FileChoice
          onPick={(picked) => {
            setFile(picked);
            if (picked) read(picked);
          }}
        />
        {report && file ? (
          <ColumnChoice
            report={report}
            disabled={previewState.isLoading}
            onChange={(column) => read(file, column)}
          />
        ) : null}
        {previewState.isLoading ? <PendingMessage>{t('listIo.reading')}</PendingMessage> : null}
        {previewState.isError && !previewState.isLoading ? <ReadError error={previewState.error} /> : null}
        {report && !previewState.isLoading && !previewState.isError ? (
          <ImportReportView
            report={report}
            choices={choices}
            onChoose={(row, assetId) => setChoices((all) => ({ ...all, [row]: assetId }))}
          />
        ) : null}
        {trackState.isError ? (
          <div className="alert alert-danger" role="alert">
            {t('listIo.trackError')}
          </div>
        ) : null}
        {report && !previewState.isLoading ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={chosen.length === 0 || trackState.isLoading}
            onClick={() => void onTrack()}
          >
            {trackState.isLoading ? t('listIo.tracking') : t('listIo.track', { n: chosen.length })}
          </button>
        ) : null}
      </div>
    </InfoDialog>
  );
}

/** The file input: a CSV or an Excel workbook; `onPick` gets the chosen file (undefined when cleared). */
function FileChoice({ onPick }: { onPick: (file: File | undefined) => void }) {
  const { t } = useTranslation('tracker');
  const fileId = useId();
  return (
    <div>
      <label htmlFor={fileId} className="form-label">
        {t('listIo.fileLabel')}
      </label>
      <input
        id={fileId}
        type="file"
        className="form-control"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-describedby={`${fileId}-hint`}
        onChange={(event) => onPick(event.currentTarget.files?.[0])}
      />
      <p id={`${fileId}-hint`} className="form-text">
        {t('listIo.fileHint')}
      </p>
    </div>
  );
}

/** Which column holds the designations: the server's guess, changeable (the file is read again). */
function ColumnChoice({
  report,
  disabled,
  onChange,
}: {
  report: ListImportReport;
  disabled: boolean;
  onChange: (column: number) => void;
}) {
  const { t } = useTranslation('tracker');
  const columnId = useId();
  return (
    <div>
      <label htmlFor={columnId} className="form-label">
        {t('listIo.column')}
      </label>
      <select
        id={columnId}
        className="form-select"
        value={report.column}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {report.columns.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional; names may repeat
          <option key={index} value={index}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The file could not be read: our sentence, and the server's reason when it gave one. */
function ReadError({ error }: { error: unknown }) {
  const { t } = useTranslation('tracker');
  const problem = problemOf(error);
  return (
    <div className="alert alert-danger" role="alert">
      <p className="mb-1">{t('listIo.readError')}</p>
      {problem ? (
        <p className="mb-0" dir="auto">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
