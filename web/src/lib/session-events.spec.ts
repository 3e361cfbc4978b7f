import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLogin, sessionIdentity, watchAccountChange } from './session-events';

const setUser = (id: string) => { document.cookie = `user_id=${id}; path=/`; };

describe('force-logout watcher', () => {
  afterEach(() => vi.useRealTimers());

  it('fires once when the user_id cookie changes to another account (focus or timer)', () => {
    vi.useFakeTimers();
    setUser('u-1');
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange);
    window.dispatchEvent(new Event('focus'));
    expect(onChange).not.toHaveBeenCalled();
    setUser('u-2');
    vi.advanceTimersByTime(3500);
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('focus'));
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores a logout (the cookie disappears) and the same account logging in again', () => {
    setUser('u-1');
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange);
    document.cookie = 'user_id=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    window.dispatchEvent(new Event('focus'));
    setUser('u-1');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onChange).not.toHaveBeenCalled();
    stop();
  });

  it('hears another tab announce a login of a different account', async () => {
    setUser('u-1');
    const onChange = vi.fn();
    const stop = watchAccountChange('u-1', onChange);
    setUser('u-2');
    announceLogin();
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    stop();
  });

  it('notices a support login replacing the session, though it keeps the partner\'s account id', () => {
    vi.useFakeTimers();
    setUser('p-staff');
    document.cookie = 'company_id=partner-1; path=/';
    const onChange = vi.fn();
    const stop = watchAccountChange(sessionIdentity(), onChange);
    document.cookie = 'company_id=client-9; path=/';
    document.cookie = 'proxy_ident=p-staff; path=/';
    expect(sessionIdentity()).toBe('p-staff|support:client-9');
    vi.advanceTimersByTime(3500);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });
});
