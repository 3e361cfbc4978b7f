import type { ApiRoute } from '@portal/proto';
import { API_TIMEOUT_MS, handleAnswer } from './api';
import type { RouteOutput } from './api-client';
import { readCookie } from './cookies';
import { currentLanguage } from './locale';
import { routeSignal } from './route-abort';

/** Where an upload is: sending the file (with the share sent, when the browser knows it), then waiting for the server. */
export type UploadPhase = { phase: 'uploading'; percent: number | null } | { phase: 'processing' };

/**
 * A multipart POST to /v1 that reports real upload progress, answered through the same error
 * catalogue as every other call (handleAnswer). XMLHttpRequest, not ky: ky's onUploadProgress
 * streams the request body, which Chromium only sends over HTTP/2 (the gateway speaks HTTP/1.1)
 * and which turns a FormData body into a stream without its multipart boundary. Leaving the
 * route aborts it, as for ky requests.
 */
export function uploadWithProgress(path: string, body: FormData, onPhase: (phase: UploadPhase) => void): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = routeSignal();
    xhr.open('POST', `/v1/${path.replace(/^\//, '')}`);
    xhr.withCredentials = true;
    xhr.timeout = API_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-language', currentLanguage());
    const csrf = readCookie('csrf_token');
    if (csrf) xhr.setRequestHeader('x-csrf-token', csrf);
    onPhase({ phase: 'uploading', percent: 0 });
    xhr.upload.onprogress = (e) => onPhase({ phase: 'uploading', percent: e.lengthComputable && e.total ? Math.min(100, Math.round((e.loaded / e.total) * 100)) : null });
    // Every byte is sent: what remains is the server's work (checking rows, inviting).
    xhr.upload.onload = () => onPhase({ phase: 'processing' });
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      try {
        resolve(handleAnswer(xhr.status, parsed));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    // A network failure or timeout has no envelope: the page shows the server-error text.
    const failed = () => {
      settle();
      reject(new Error(xhr.status ? `upload failed: HTTP ${xhr.status}` : 'upload failed: no answer'));
    };
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.send(body);
  });
}

/**
 * A multipart route of proto's route tables (`route.multipart`, e.g. POST /user/invite_csv): the FormData
 * goes with real upload progress, the answer through the same catalogue and the route's response
 * schema (as callRoute does for the others).
 */
export async function uploadRoute<R extends ApiRoute>(route: R, body: FormData, onPhase: (phase: UploadPhase) => void): Promise<RouteOutput<R>> {
  if (!route.multipart || route.method !== 'POST') throw new Error(`${route.method} ${route.path} is not a multipart upload`);
  return route.response.parse(await uploadWithProgress(route.path, body, onPhase)) as RouteOutput<R>;
}
