import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsStore } from '@mantine/notifications';
import { ApiError, FormError, apiRequest, resetApiStateForTests } from './api';
import { browser } from './browser';
import { readCookie } from './cookies';
import { beginRoute } from './route-abort';

function envelope(code: number, message = '', extra: Record<string, unknown> = {}) {
  return { result: { access_status: { code, message }, ...extra } };
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (request: Request) => {
    answer.last = request;
    answer.body = request.method === 'GET' ? '' : await request.clone().text();
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status, headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
answer.last = null as Request | null;
answer.body = '';

let navigate: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetApiStateForTests();
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
  vi.spyOn(browser, 'currentUrl').mockReturnValue('/billing/list?page=2');
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON to /v1 with credentials and the language header, and returns result on 20000', async () => {
    const fetchMock = answer(200, envelope(20000, 'ok', { users: [] }));
    const result = await apiRequest('post', '/user', { payload: { name: 'a' } });
    expect(result['users']).toEqual([]);
    const request = fetchMock.mock.calls[0]![0];
    expect(new URL(request.url).pathname).toBe('/v1/user');
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('x-language')).toBeTruthy();
    expect(answer.body).toBe('{"name":"a"}');
  });

  it('puts the GET payload in the query string', async () => {
    const fetchMock = answer(200, envelope(20000));
    await apiRequest('get', '/user/list', { payload: { page: 2, per_page: 20 } });
    expect(new URL(fetchMock.mock.calls[0]![0].url).search).toBe('?page=2&per_page=20');
  });

  it('40000: clears the hint cookies and payment data, toasts, and goes to login after 1 s', async () => {
    vi.useFakeTimers();
    document.cookie = 'level=3; path=/';
    document.cookie = 'user_name=Taro; path=/';
    document.cookie = 'proxy_ident=x; path=/';
    document.cookie = 'company_id=c1; path=/';
    sessionStorage.setItem('payment.card', '{}');
    localStorage.setItem('payment_token', 't');
    localStorage.setItem('portal.language', 'en-us');
    answer(401, envelope(40000, 'Your session has expired.'));

    await expect(apiRequest('get', '/user-auth')).rejects.toBeInstanceOf(ApiError);
    for (const name of ['level', 'user_name', 'proxy_ident', 'company_id']) expect(readCookie(name)).toBeUndefined();
    expect(sessionStorage.getItem('payment.card')).toBeNull();
    expect(localStorage.getItem('payment_token')).toBeNull();
    expect(localStorage.getItem('portal.language')).toBe('en-us');
    vi.advanceTimersByTime(500); // the toast's delay (spec §9)
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['Your session has expired.']);

    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith(`/login?targetUrl=${encodeURIComponent('/billing/list?page=2')}`);
  });

  it('40000 for an anonymous visitor shows no toast', async () => {
    vi.useFakeTimers();
    answer(401, envelope(40000, 'Your session has expired.'));
    await expect(apiRequest('get', '/user-auth')).rejects.toBeInstanceOf(ApiError);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('50001: redirects to /maintenance after 300 ms', async () => {
    vi.useFakeTimers();
    answer(503, envelope(50001, 'Maintenance', { maintenance: true }));
    await expect(apiRequest('get', '/product/list')).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(299);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/maintenance');
  });

  it('40011: throws a FormError carrying the field errors', async () => {
    answer(422, envelope(40011, 'Please check the highlighted fields.', { errors: { email: ['Please enter email address.'] } }));
    const error = await apiRequest('post', '/login', { payload: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).errors).toEqual({ email: ['Please enter email address.'] });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('40013 (sent with HTTP 403) toasts the server message instead of the 403 page', async () => {
    vi.useFakeTimers();
    answer(403, envelope(40013, 'The line you are using is not permitted to log in.'));
    await expect(apiRequest('post', '/login', { payload: {} })).rejects.toBeInstanceOf(ApiError);
    vi.advanceTimersByTime(500);
    expect(notificationsStore.getState().notifications[0]?.message).toBe('The line you are using is not permitted to log in.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('quiet: the page shows the message itself, so no toast (40013, 40400, a 429 refusal)', async () => {
    vi.useFakeTimers();
    for (const [status, code] of [[403, 40013], [400, 40400], [429, 42900]] as const) {
      answer(status, envelope(code, 'shown by the page'));
      const error = await apiRequest('post', '/login', { payload: {}, quiet: true }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code, message: 'shown by the page' });
    }
    vi.advanceTimersByTime(5000);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('HTTP 500 with an enveloped 50000 goes to /#/500, without a toast, quiet or not', async () => {
    vi.useFakeTimers();
    answer(500, envelope(50000, 'An error occurred while processing the request.'));
    await expect(apiRequest('get', '/user/list')).rejects.toMatchObject({ code: 50000, status: 500 });
    answer(500, envelope(50000, 'An error occurred while processing the request.'));
    await expect(apiRequest('post', '/login', { payload: {}, quiet: true })).rejects.toMatchObject({ code: 50000 });
    expect(navigate.mock.calls).toEqual([['/#/500'], ['/#/500']]);
    vi.advanceTimersByTime(5000);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it("keeps a form's own 40011 handling: no error page, no toast", async () => {
    vi.useFakeTimers();
    answer(422, envelope(40011, 'Please check the highlighted fields.', { errors: { email: ['Required.'] } }));
    await expect(apiRequest('post', '/user/invite', { payload: {} })).rejects.toBeInstanceOf(FormError);
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it('toasts a refusal after 500 ms, top-centre, for 3 s, the newest on top (spec §8, §9)', async () => {
    vi.useFakeTimers();
    answer(409, envelope(40405, 'first'));
    await apiRequest('post', '/x').catch(() => undefined);
    answer(429, envelope(42900, 'second'));
    await apiRequest('post', '/x').catch(() => undefined);
    vi.advanceTimersByTime(499);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['second', 'first']);
    expect(notificationsStore.getState().notifications.map((n) => n.autoClose)).toEqual([3000, 3000]);
  });

  it('40404 (not found, HTTP 404) goes to /#/404', async () => {
    answer(404, envelope(40404, 'Not found'));
    await expect(apiRequest('get', '/nope')).rejects.toMatchObject({ code: 40404, status: 404 });
    expect(navigate).toHaveBeenCalledWith('/#/404');
  });

  it('the refusal codes go to their page whatever the HTTP status: 40300 -> /#/403, 40404 -> /#/404, quiet or not, no toast', async () => {
    vi.useFakeTimers();
    answer(401, envelope(40300, 'Forbidden'));
    await expect(apiRequest('post', '/internal', { payload: {}, quiet: true })).rejects.toMatchObject({ code: 40300 });
    answer(200, envelope(40404, 'Not found'));
    await expect(apiRequest('get', '/client/info')).rejects.toMatchObject({ code: 40404 });
    expect(navigate.mock.calls).toEqual([['/#/403'], ['/#/404']]);
    vi.advanceTimersByTime(5000);
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it('40300 (forbidden, HTTP 403) and a bare HTTP 500 go to /#/403 and /#/500', async () => {
    answer(403, envelope(40300, 'Forbidden'));
    await apiRequest('get', '/operator/x').catch(() => undefined);
    answer(500, '<html>proxy error</html>');
    await apiRequest('get', '/x').catch(() => undefined);
    expect(navigate.mock.calls).toEqual([['/#/403'], ['/#/500']]);
  });

  it('aborts in-flight requests when the route changes', async () => {
    vi.stubGlobal('fetch', vi.fn((request: Request) => new Promise((_, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    })));
    beginRoute('/a');
    const pending = apiRequest('get', '/slow');
    beginRoute('/b');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
