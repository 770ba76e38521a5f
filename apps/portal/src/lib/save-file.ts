/**
 * Saves what an object URL holds as a file named `fileName`: a click on a temporary link, then the URL released
 * after `releaseAfterMs` (the browser has started the download by then).
 */
export function saveObjectUrl(url: string, fileName: string, releaseAfterMs = 10_000): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), releaseAfterMs);
}
