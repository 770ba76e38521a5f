import { vi } from 'vitest';

/**
 * XMLHttpRequest over the (faked) `fetch`, for the uploads (lib/upload.ts): jsdom's XHR would go to the
 * network, so the tests route it through fakeConsoleApi() like every other console call. It reports the
 * upload's progress in two steps (half, then all) and that the body is out, as a browser would.
 */
class FetchXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers = new Headers();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    const total = body.size;
    const progress = (loaded: number) =>
      this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    progress(Math.floor(total / 2));
    progress(total);
    this.upload.onload?.();
    void body
      .text()
      .then((text) => fetch(this.url, { method: this.method, headers: this.headers, body: text }))
      .then(async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      })
      .catch(() => this.onerror?.());
  }
}

/** Routes XMLHttpRequest through the faked fetch (call after fakeConsoleApi()). */
export function fakeXhr() {
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
}
