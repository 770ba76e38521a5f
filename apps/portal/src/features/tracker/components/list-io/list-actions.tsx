import type { ListExportFormat } from '@trackwell/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage } from '../../../../lib/language.ts';
import { notify } from '../../../../lib/notify.ts';
import { saveObjectUrl } from '../../../../lib/save-file.ts';
import { useListExportMutation } from '../../api/list-io.ts';
import { ImportListDialog } from './import-list-dialog.tsx';

/**
 * On the tracker page: "Import list" (a CSV or Excel file → a report → track) and the list's
 * export as CSV or Excel. Loaded lazily by the standards table (not in the first download).
 */
export default function ListActions({ onTracked }: { onTracked: () => void }) {
  const { t, i18n } = useTranslation('tracker');
  const [importing, setImporting] = useState(false);
  const [exportList, { isLoading: exporting }] = useListExportMutation();

  const download = async (format: ListExportFormat) => {
    const result = await exportList({ format, lang: asLanguage(i18n.language) });
    if ('error' in result || !result.data) {
      notify.error(t('listIo.exportError'));
      return;
    }
    saveObjectUrl(result.data.url, result.data.fileName);
  };

  return (
    <div className="tw-list-actions">
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setImporting(true)}>
        {t('listIo.import')}
      </button>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={exporting}
        onClick={() => void download('csv')}
      >
        {t('listIo.exportCsv')}
      </button>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={exporting}
        onClick={() => void download('xlsx')}
      >
        {t('listIo.exportXlsx')}
      </button>
      {importing ? (
        <ImportListDialog
          onClose={() => setImporting(false)}
          onTracked={() => {
            setImporting(false);
            onTracked();
          }}
        />
      ) : null}
    </div>
  );
}
