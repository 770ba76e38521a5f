import { saveObjectUrl } from '../../../../lib/save-file.ts';

/** Saves `text` as a file: a Blob, an object URL, saved, the URL released. */
export function downloadText(text: string, fileName: string, type: string): void {
  saveObjectUrl(URL.createObjectURL(new Blob([text], { type })), fileName, 0);
}
