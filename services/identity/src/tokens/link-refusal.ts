import { AccessCode, LINK_STATE_MESSAGES, type TLinkFlow, type TUnusableLinkState } from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { linkState, type TTokenState } from './one-time-token.rules.js';

/**
 * A link that cannot be used: 40011 with the flow's message for its state (proto's
 * LINK_STATE_MESSAGES, which the SPA shows too; also on the `access_token` field) and `state` in
 * the result, for the SPA to branch on.
 */
export function linkRefusal(flow: TLinkFlow, state: Exclude<TTokenState, 'live'>): ServiceError {
  const link = linkState(state) as TUnusableLinkState;
  const key = LINK_STATE_MESSAGES[flow][link];
  return new ServiceError(AccessCode.FORM_ERROR, key, undefined, { access_token: [{ key }] }, { state: link });
}
