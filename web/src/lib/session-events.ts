import type { TPrincipal } from '@portal/proto';
import { readCookie } from './cookies';

/**
 * Force-logout (spec §2, §4): another account logging in in the same browser ends this tab's
 * session. Tabs tell each other through a BroadcastChannel; a tab also notices a new login under
 * it by the CSRF cookie changing (every login sets a new one). Either way it asks GET
 * /v1/user-auth who the session is now: no readable cookie says who the user is (issue 21 item 7).
 */
const CHANNEL = 'portal-session';
const LOGIN_MARKER = 'csrf_token';

/**
 * Who a session is: the account, and during a support login also the tenant it works in. A
 * support login keeps the partner's or operator's own account id, yet it replaces their session
 * in this browser, so their other tabs must notice it as another login.
 */
export function sessionIdentity(principal: TPrincipal | null): string {
  if (!principal?.account_uuid) return '';
  return principal.proxy ? `${principal.account_uuid}|support:${principal.client_uuid ?? principal.partner_uuid ?? ''}` : principal.account_uuid;
}

export function announceLogin(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: 'login' });
    channel.close();
  } catch {
    // Old browsers: the cookie check below still notices.
  }
}

/**
 * Calls `onChange` once when another session than `identity` (see sessionIdentity) becomes the
 * browser's; `current` asks the server who the session is now.
 */
export function watchAccountChange(identity: string, onChange: () => void, current: () => Promise<string>): () => void {
  let fired = false;
  let marker = readCookie(LOGIN_MARKER);
  let asking = false;
  const verify = async () => {
    if (fired || asking) return;
    asking = true;
    try {
      const now = await current();
      if (!fired && now && now !== identity) {
        fired = true;
        onChange();
      }
    } catch {
      // Offline or refused: the next login event or check asks again.
    } finally {
      asking = false;
    }
  };
  const check = () => {
    const seen = readCookie(LOGIN_MARKER);
    if (seen === marker) return;
    marker = seen;
    // A logout (the cookie gone) is not another login.
    if (seen) void verify();
  };
  let channel: BroadcastChannel | undefined;
  try {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data?.type === 'login') void verify();
    };
  } catch {
    channel = undefined;
  }
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', check);
  const timer = window.setInterval(check, 3000);
  return () => {
    channel?.close();
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', check);
    window.clearInterval(timer);
  };
}
