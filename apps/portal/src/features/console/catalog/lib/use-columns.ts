import {
  CATALOG_IMPORT_MAX_BYTES,
  type CatalogImportColumnsAnswer,
  CONSOLE_CATALOG_PATHS,
} from '@trackwell/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import type { AppStore } from '../../../../lib/store.ts';
import { storePath } from '../../api/stores.ts';
import { useSaveCatalogImportMappingMutation } from '../api/catalog-api.ts';
import { draftOf, type MappingDraft, mappingOf } from './mapping-draft.ts';
import { importContentType, isTableFile, uploadFile } from './upload.ts';

/**
 * A CSV or XLSX file's columns, read by the server when the file is chosen: its headers, first rows and the
 * mapping they suggest (the store's saved one first). `columnsOf` answers the reading of that file (waiting
 * for it when it is still under way); null when the file is no table or could not be read — the dry run
 * then says what is wrong, as it always did.
 */
export function useImportColumns(code: string) {
  const store = useStore() as AppStore;
  const [columns, setColumns] = useState<CatalogImportColumnsAnswer | null>(null);
  const [reading, setReading] = useState(false);
  const pending = useRef<{ file: File; answer: Promise<CatalogImportColumnsAnswer | null> } | null>(null);

  const read = useCallback(
    (file: File | null) => {
      setColumns(null);
      if (!file || !isTableFile(file) || file.size > CATALOG_IMPORT_MAX_BYTES) {
        pending.current = null;
        return;
      }
      setReading(true);
      const answer = uploadFile({
        url: storePath(CONSOLE_CATALOG_PATHS.importColumns, code),
        file,
        contentType: importContentType(file)!,
        context: store.apiContext,
      }).then((reply) => {
        const body = reply.status === 200 ? (reply.body as CatalogImportColumnsAnswer) : null;
        if (pending.current?.file === file) {
          setColumns(body);
          setReading(false);
        }
        return body;
      });
      pending.current = { file, answer };
    },
    [code, store],
  );

  const columnsOf = useCallback(
    async (file: File) => (pending.current?.file === file ? pending.current.answer : null),
    [],
  );

  return { columns, reading, read, columnsOf };
}

/**
 * The mapping step's state for the chosen file: the columns that need mapping (null: the file needs none),
 * the choices pre-filled from the server's suggestion, and `prepare`, which before a dry run saves the
 * mapping when the file needs one: 'mapped' (read it with the saved mapping), 'plain' (no mapping), or null
 * when the server refused the mapping (its reasons are in `errors`).
 */
export function useImportMapping(code: string) {
  const { t } = useTranslation('console-catalog');
  const table = useImportColumns(code);
  const [draft, setDraft] = useState<MappingDraft>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [saveMapping, saving] = useSaveCatalogImportMappingMutation();

  useEffect(() => {
    if (table.columns) setDraft(draftOf(table.columns.headers, table.columns.suggested));
    setErrors([]);
  }, [table.columns]);

  const prepare = async (file: File): Promise<'mapped' | 'plain' | null> => {
    const columns = await table.columnsOf(file);
    if (!columns || columns.recognised) return 'plain';
    const saved = await saveMapping({ code, mapping: mappingOf(draft, columns.suggested) });
    if ('error' in saved) {
      const body = (saved.error as { data?: { issues?: { message: string }[]; message?: string } }).data;
      setErrors(body?.issues?.map((i) => i.message) ?? [body?.message ?? t('mapping.notSaved')]);
      return null;
    }
    setErrors([]);
    return 'mapped';
  };

  return {
    columns: table.columns && !table.columns.recognised ? table.columns : null,
    reading: table.reading,
    read: table.read,
    draft,
    setDraft,
    errors,
    saving: saving.isLoading,
    prepare,
  };
}
