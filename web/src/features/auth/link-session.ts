import type { TUnusableLinkState } from '@portal/proto';
import { unusableLinkState } from '../../components/UnusableLink';
import { browser } from '../../lib/browser';
import type { useFormErrors } from '../../lib/forms';
import { announceLogin } from '../../lib/session-events';

/**
 * Sends a form that turns a mailed link (invitation, sign-up) into a session: on success the portal
 * opens at /product, logged in. A link that ran out, was replaced or was used elsewhere while the
 * form was open goes to `onUnusable` (the page then says why); other refusals go to the form.
 */
export async function submitThroughLink(
  send: () => Promise<unknown>, form: ReturnType<typeof useFormErrors>, onUnusable: (state: TUnusableLinkState) => void,
): Promise<void> {
  try {
    await send();
    announceLogin();
    browser.hardNavigate('/product');
  } catch (error) {
    const state = unusableLinkState(error);
    if (state) onUnusable(state);
    else form.fromError(error);
  }
}
