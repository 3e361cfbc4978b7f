import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPrincipal } from '@portal/proto';
import { announceLogin, sessionIdentity, watchAccountChange } from './session-events';

/** Every login sets a new CSRF cookie: the watcher's sign that the browser's session changed. */
const newLogin = (token: string) => { document.cookie = `csrf_token=${token}; path=/`; };
const logout = () => { document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'; };

describe('force-logout watcher', () => {
  afterEach(() => {
    vi.useRealTimers();
    logout();
  });

  it('asks the server who the session is once the login cookie changes, and fires once for another account (focus or timer)', async () => {
    vi.useFakeTimers();
    newLogin('t-1');
    let now = 'u-1';
    const current = vi.fn(async () => now);
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange, current);
    window.dispatchEvent(new Event('focus'));
    expect(current).not.toHaveBeenCalled();
    now = 'u-2';
    newLogin('t-2');
    await vi.advanceTimersByTimeAsync(3500);
    expect(onChange).toHaveBeenCalledTimes(1);
    newLogin('t-3');
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(10);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores a logout (the cookie disappears) and the same account logging in again', async () => {
    newLogin('t-1');
    const current = vi.fn(async () => 'u-1');
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange, current);
    logout();
    window.dispatchEvent(new Event('focus'));
    expect(current).not.toHaveBeenCalled();
    newLogin('t-2');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(current).toHaveBeenCalledTimes(1));
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('hears another tab announce a login and checks who it was', async () => {
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange, async () => 'u-2');
    announceLogin();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    stop();
  });

  it('tells a support login from its actor\'s own session, though it keeps the actor\'s account id', () => {
    const base = { account_uuid: 'p-staff', context: 'partner', client_uuid: null, partner_uuid: 'partner-1', proxy: false } as unknown as TPrincipal;
    expect(sessionIdentity(base)).toBe('p-staff');
    expect(sessionIdentity({ ...base, context: 'client', client_uuid: 'client-9', partner_uuid: null, proxy: true })).toBe('p-staff|support:client-9');
    expect(sessionIdentity(null)).toBe('');
    expect(sessionIdentity({ ...base, account_uuid: '' })).toBe('');
  });
});
