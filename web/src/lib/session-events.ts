import { readCookie } from './cookies';

/**
 * Force-logout (spec §2, §4): another account logging in in the same browser ends this tab's
 * session. Tabs tell each other through a BroadcastChannel; a tab also notices the user cookie
 * changing under it (on focus and every few seconds).
 */
const CHANNEL = 'portal-session';

/**
 * Who this browser's session is: the account, and during a support login also the client it
 * works in. A support login keeps the partner's or operator's own account id, yet it replaces
 * their session in this browser, so their other tabs must notice it as another login.
 */
export function sessionIdentity(cookies: string = document.cookie): string {
  const user = readCookie('user_id', cookies) ?? '';
  if (!user) return '';
  return readCookie('proxy_ident', cookies) ? `${user}|support:${readCookie('company_id', cookies) ?? ''}` : user;
}

export function announceLogin(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: 'login', user_id: sessionIdentity() });
    channel.close();
  } catch {
    // Old browsers: the cookie check below still notices.
  }
}

/** Calls `onChange` once when another session than `identity` (see sessionIdentity) becomes the browser's. */
export function watchAccountChange(identity: string, onChange: () => void): () => void {
  let fired = false;
  const check = (other?: string) => {
    const current = other ?? sessionIdentity();
    if (!fired && current && current !== identity) {
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
