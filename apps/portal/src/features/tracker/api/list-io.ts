import {
  CSV_TYPE,
  type Language,
  LIST_IO_PATHS,
  type ListExportFormat,
  type ListImportReport,
  XLSX_TYPE,
} from '@trackwell/contracts';
import { api, type Envelope } from '../../../lib/api.ts';

/**
 * Bring and take your list: the report of a chosen file (nothing tracked), tracking the
 * standards the user kept, and the list as a file to download.
 */
export type ListImportPreviewArgs = { file: File; column?: number | undefined };
export type ListExportFile = { url: string; fileName: string };

/** The file's type as the server reads it: by its name when the browser gives none (Windows gives none for .csv). */
export function listFileType(file: File): string {
  if (/\.xlsx$/i.test(file.name)) return XLSX_TYPE;
  if (/\.csv$/i.test(file.name)) return CSV_TYPE;
  return file.type || CSV_TYPE;
}

const FILE_NAME = /filename="([^"]+)"/;

export const listIoApi = api.injectEndpoints({
  endpoints: (build) => ({
    listImportPreview: build.mutation<ListImportReport, ListImportPreviewArgs>({
      query: ({ file, column }) => ({
        service: 'tracker-uri',
        url: LIST_IO_PATHS.importPreview,
        method: 'POST',
        body: file,
        headers: { 'content-type': listFileType(file) },
        params: column === undefined ? undefined : { column },
      }),
      transformResponse: (body: Envelope<ListImportReport>) => {
        const value = body.responseData?.value;
        if (!value) throw new Error('no report in the answer');
        return value;
      },
    }),
    listImportTrack: build.mutation<{ tracked: number; alreadyTracked: number }, string[]>({
      query: (assetIds) => ({
        service: 'tracker-uri',
        url: LIST_IO_PATHS.importTrack,
        method: 'POST',
        body: { assetIds },
      }),
      transformResponse: (body: Envelope<{ tracked: number; alreadyTracked: number }>) =>
        body.responseData?.value ?? { tracked: 0, alreadyTracked: 0 },
      invalidatesTags: (_result, error) => (error ? [] : ['ContentTrackings']),
    }),
    /** The file as an object URL (the caller downloads it, then revokes the URL). */
    listExport: build.mutation<ListExportFile, { format: ListExportFormat; lang?: Language | undefined }>({
      query: ({ format, lang }) => ({
        service: 'tracker-uri',
        url: LIST_IO_PATHS.export,
        // the page's language: each title in it where the catalogue has one
        params: lang ? { format, lang } : { format },
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          const disposition = response.headers.get('content-disposition') ?? '';
          const fileName = FILE_NAME.exec(disposition)?.[1] ?? `tracked-standards.${format}`;
          return { url: URL.createObjectURL(await response.blob()), fileName };
        },
      }),
    }),
  }),
});

export const { useListImportPreviewMutation, useListImportTrackMutation, useListExportMutation } = listIoApi;
