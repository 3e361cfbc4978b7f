/**
 * One AbortController per route location (spec §2: leaving a route cancels in-flight requests).
 * The router calls `beginRoute` on every navigation; the API client passes `routeSignal()` to ky.
 */
let controller = new AbortController();
let currentKey: string | null = null;

export function beginRoute(key: string): void {
  if (key === currentKey) return;
  currentKey = key;
  controller.abort(new DOMException('Route left', 'AbortError'));
  controller = new AbortController();
}

export function routeSignal(): AbortSignal {
  return controller.signal;
}

/** Cancels every request of the current route without leaving it (e.g. on session expiry). */
export function abortRouteRequests(reason = 'Cancelled'): void {
  controller.abort(new DOMException(reason, 'AbortError'));
  controller = new AbortController();
}
