import {
  CATALOG_IMPORT_MAX_BYTES,
  type CatalogImportKind,
  CONSOLE_CATALOG_PATHS,
  type catalogImportAnswer,
  type catalogImportDryRunAnswer,
} from '@trackwell/contracts';
import { useCallback, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { z } from 'zod';
import type { AppStore } from '../../../../lib/store.ts';
import { storePath } from '../../api/stores.ts';
import { importApplied } from '../api/catalog-api.ts';
import { importContentType, NO_ANSWER, type UploadAnswer, uploadFile } from './upload.ts';

export type DryRunAnswer = z.infer<typeof catalogImportDryRunAnswer>;
export type ApplyAnswer = z.infer<typeof catalogImportAnswer>;

/** Why a step failed: too large (413), a type the server does not take, no answer, or the server's words. */
export type ImportFailure =
  | { kind: 'tooLarge' }
  | { kind: 'unsupported' }
  | { kind: 'network' }
  | { kind: 'server'; status: number; message: string | null };

export type ImportPhase =
  | { step: 'idle' }
  | { step: 'uploading'; action: 'dryRun' | 'apply'; sent: number; total: number }
  | { step: 'working'; action: 'dryRun' | 'apply' };

/** How a file is read: the kind the caller told (a CSV without a `kind` column), or the saved column mapping. */
export type ReadAs = { kind: CatalogImportKind | ''; mapped?: boolean };

/** The file and how it is read: a dry run counts for this pair only. */
const identity = (file: File, { kind, mapped }: ReadAs) =>
  `${file.name}\u0000${file.size}\u0000${file.lastModified}\u0000${kind}\u0000${mapped ? 'mapped' : ''}`;

/** The saved mapping, or the kind a table file holds (an XML file says its own). */
const queryOf = (contentType: string, { kind, mapped }: ReadAs) =>
  mapped ? '?mapping=saved' : contentType !== 'application/xml' && kind ? `?kind=${kind}` : '';

export function failureOf(answer: UploadAnswer): ImportFailure {
  if (answer.status === NO_ANSWER) return { kind: 'network' };
  if (answer.status === 413) return { kind: 'tooLarge' };
  if (answer.status === 415) return { kind: 'unsupported' };
  const message = (answer.body as { message?: unknown } | null)?.message;
  return { kind: 'server', status: answer.status, message: typeof message === 'string' ? message : null };
}

/**
 * The import of one file: a dry run, then — only for the file and kind that dry run checked,
 * and only when it found nothing blocking — the apply. Progress while the file goes up, busy while the
 * server works.
 */
export function useCatalogImport(code: string) {
  const store = useStore() as AppStore;
  const dispatch = useDispatch();
  const [phase, setPhase] = useState<ImportPhase>({ step: 'idle' });
  const [dryRun, setDryRun] = useState<{ id: string; answer: DryRunAnswer } | null>(null);
  const [applied, setApplied] = useState<ApplyAnswer | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const running = useRef(false);

  const send = useCallback(
    async (file: File, { kind, mapped }: ReadAs, action: 'dryRun' | 'apply') => {
      const fail = (reason: ImportFailure) => {
        setFailure(reason);
        return null;
      };
      const contentType = importContentType(file);
      setFailure(null);
      if (!contentType) return fail({ kind: 'unsupported' });
      if (file.size > CATALOG_IMPORT_MAX_BYTES) return fail({ kind: 'tooLarge' });
      if (running.current) return null;
      running.current = true;
      setPhase({ step: 'uploading', action, sent: 0, total: file.size });
      const path = action === 'dryRun' ? CONSOLE_CATALOG_PATHS.importDryRun : CONSOLE_CATALOG_PATHS.imports;
      const query = queryOf(contentType, { kind, mapped });
      const answer = await uploadFile({
        url: `${storePath(path, code)}${query}`,
        file,
        contentType,
        context: store.apiContext,
        onProgress: (sent, total) => setPhase({ step: 'uploading', action, sent, total }),
        onSent: () => setPhase({ step: 'working', action }),
      });
      running.current = false;
      setPhase({ step: 'idle' });
      return answer.status === 200 ? answer.body : fail(failureOf(answer));
    },
    [code, store],
  );

  const check = useCallback(
    async (file: File, readAs: ReadAs) => {
      setApplied(null);
      setDryRun(null);
      const body = await send(file, readAs, 'dryRun');
      if (body) setDryRun({ id: identity(file, readAs), answer: body as DryRunAnswer });
    },
    [send],
  );

  const apply = useCallback(
    async (file: File, readAs: ReadAs) => {
      const body = await send(file, readAs, 'apply');
      if (!body) return;
      setApplied(body as ApplyAnswer);
      setDryRun(null);
      dispatch(importApplied(code));
    },
    [send, dispatch, code],
  );

  /** Whether the dry run on screen checked this file read so, and found nothing that blocks applying it. */
  const canApply = (file: File | null, readAs: ReadAs) =>
    Boolean(
      file &&
        dryRun &&
        dryRun.id === identity(file, readAs) &&
        dryRun.answer.complete &&
        dryRun.answer.totals.error === 0,
    );

  const reset = useCallback(() => {
    setDryRun(null);
    setApplied(null);
    setFailure(null);
  }, []);

  return { phase, dryRun: dryRun?.answer ?? null, applied, failure, check, apply, canApply, reset };
}
