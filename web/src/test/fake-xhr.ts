import { act } from '@testing-library/react';

/** A stand-in XMLHttpRequest the test drives: upload progress, end of upload, the answer. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  timeout = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader(name: string, value: string) { this.headers[name] = value; }
  send(body: FormData) { this.body = body; FakeXhr.last = this; }
  abort() { this.onabort?.(); }
  progress(loaded: number, total: number) { act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total })); }
  sent() { act(() => this.upload.onload?.()); }
  async respond(status: number, result: Record<string, unknown>) {
    this.status = status;
    this.responseText = JSON.stringify({ result });
    await act(async () => this.onload?.());
  }
}

