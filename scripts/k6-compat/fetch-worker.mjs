// The thread that does a k6 journey's HTTP calls while the journey's thread waits (http.ts).
// Plain JavaScript: a worker thread does not inherit the tsx loader.
import { parentPort, workerData } from 'node:worker_threads';

const { port, flag } = workerData;

port.on('message', (request) => {
  void (async () => {
    const started = performance.now();
    let answer;
    try {
      let body;
      if (typeof request.body === 'string') body = request.body;
      else if (request.body) {
        body = new FormData();
        for (const part of request.body.multipart) {
          if (part.file) body.append(part.name, new Blob([Buffer.from(part.file.data, 'base64')], { type: part.file.contentType }), part.file.filename);
          else body.append(part.name, part.value ?? '');
        }
      }
      const res = await fetch(request.url, { method: request.method, headers: request.headers, body, redirect: request.redirect, signal: AbortSignal.timeout(request.timeoutMs) });
      const text = await res.text();
      answer = { status: res.status, headers: [...res.headers], setCookies: res.headers.getSetCookie(), body: text, url: res.url || request.url, durationMs: performance.now() - started };
    } catch (error) {
      answer = { status: 0, headers: [], setCookies: [], body: '', url: request.url, durationMs: performance.now() - started, error: String(error?.message ?? error) };
    }
    port.postMessage(answer);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  })();
});
parentPort?.postMessage('ready');
