import { readCookie } from './cookies';

/**
 * Force-logout (spec §2, §4): another account logging in in the same browser ends this tab's
 * session. Tabs tell each other through a BroadcastChannel; a tab also notices the user cookie
 * changing under it (on focus and every few seconds).
 */
const CHANNEL = 'portal-session';

export function announceLogin(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: 'login', user_id: readCookie('user_id') ?? '' });
    channel.close();
  } catch {
    // Old browsers: the cookie check below still notices.
  }
}

/** Calls `onChange` once when a different account than `userId` becomes the browser's session. */
export function watchAccountChange(userId: string, onChange: () => void): () => void {
  let fired = false;
  const check = (other?: string) => {
    const current = other ?? readCookie('user_id') ?? '';
    if (!fired && current && current !== userId) {
      fired = true;
      onChange();
    }
  };
  let channel: BroadcastChannel | undefined;
  try {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type: string; user_id: string }>) => {
      if (event.data?.type === 'login') check(event.data.user_id);
    };
  } catch {
    channel = undefined;
  }
  const onFocus = () => check();
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  const timer = window.setInterval(() => check(), 3000);
  return () => {
    channel?.close();
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
    window.clearInterval(timer);
  };
}
