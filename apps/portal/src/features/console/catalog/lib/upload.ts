import { XLSX_TYPE } from '@trackwell/contracts';
import type { ApiContext } from '../../../../lib/api.ts';

/** What an upload answered: its HTTP status and its JSON body (null when the body was not JSON). */
export type UploadAnswer = { status: number; body: unknown };

/** "No answer" (the network failed or the upload was stopped): status 0. */
export const NO_ANSWER = 0;

export type UploadOptions = {
  url: string;
  file: Blob;
  contentType: string;
  context: ApiContext | undefined;
  /** Called as the body goes out: bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
  /** Called once the whole body is out: the server works on it now. */
  onSent?: () => void;
  signal?: AbortSignal;
};

/**
 * Sends a file as the request body with the signed-in user's bearer token (as the portal's `api` does),
 * reporting the upload's progress: XMLHttpRequest, since fetch reports no upload progress.
 */
export function uploadFile({
  url,
  file,
  contentType,
  context,
  onProgress,
  onSent,
  signal,
}: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(url, window.location.origin).href);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('accept', 'application/json');
    const token = context?.accessToken?.();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    xhr.onerror = () => resolve({ status: NO_ANSWER, body: null });
    xhr.onabort = () => resolve({ status: NO_ANSWER, body: null });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export type ImportContentType = 'text/csv' | typeof XLSX_TYPE | 'application/xml' | 'application/zip';

/** The content type the import routes take for a file: CSV or XLSX (a table), a ZIP of STS files, or XML. */
export function importContentType(file: File): ImportContentType | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'text/csv';
  if (name.endsWith('.xlsx') || file.type === XLSX_TYPE) return XLSX_TYPE;
  if (
    name.endsWith('.zip') ||
    file.type === 'application/zip' ||
    file.type === 'application/x-zip-compressed'
  )
    return 'application/zip';
  if (name.endsWith('.xml') || file.type.endsWith('/xml')) return 'application/xml';
  return null;
}

/** Whether the file is a table (CSV or XLSX), whose columns may need mapping. */
export const isTableFile = (file: File) => {
  const type = importContentType(file);
  return type === 'text/csv' || type === XLSX_TYPE;
};
