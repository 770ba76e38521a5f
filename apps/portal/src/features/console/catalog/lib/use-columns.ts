import {
  CATALOG_IMPORT_MAX_BYTES,
  type CatalogImportColumnsAnswer,
  CONSOLE_CATALOG_PATHS,
} from '@trackwell/contracts';
import { useCallback, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../../../lib/store.ts';
import { storePath } from '../../api/stores.ts';
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
