import { CATALOG_IMPORT_MAX_BYTES, XLSX_TYPE } from '@trackwell/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format.ts';

/** The file input, which also takes a file dropped on it; the chosen file's name and size below. */
export function FilePicker({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('console-catalog');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) {
      onChange(dropped);
      if (input.current) input.current.value = '';
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the file input inside is the keyboard's way.
    <div
      className={`tw-catalog__drop${over ? ' tw-catalog__drop--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={id} className="form-label">
        {t('import.file')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="form-control"
        accept={`.csv,.xlsx,.xml,.zip,text/csv,${XLSX_TYPE},application/xml,text/xml,application/zip`}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <div id={`${id}-hint`} className="form-text">
        {t('import.fileHint', { size: formatBytes(CATALOG_IMPORT_MAX_BYTES, i18n.language) })}
      </div>
      {file ? (
        <p className="tw-catalog__file mb-0">
          {t('import.chosen', { file: file.name, size: formatBytes(file.size, i18n.language) })}
        </p>
      ) : null}
    </div>
  );
}
