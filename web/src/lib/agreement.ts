import { useQuery } from '@tanstack/react-query';
import { LICENCE_ROUTES, type TAgreementInfo } from '@portal/proto';
import { routeQuery } from './api-query';

/**
 * Issue 25: what the caller must agree to (GET /v1/client/agreement_info), shared by the agreement
 * screen after login and the plan and trial start flows. `versions` are the current versions to
 * name in a start: the server refuses a start without them while a change is pending.
 */
export function useAgreementState(enabled = true) {
  const info = useQuery({ ...routeQuery(LICENCE_ROUTES.agreementInfo, {}), enabled });
  return { info, versions: agreedVersions(info.data) };
}

/** The versions a start agrees to: the current terms, and the privacy policy's when it has a versioned text. */
export function agreedVersions(info: TAgreementInfo | undefined): { terms_version?: number; privacy_version?: number } {
  if (!info) return {};
  return {
    ...(info.terms ? { terms_version: info.terms.version } : {}),
    ...(info.privacy?.has_text ? { privacy_version: info.privacy.version } : {}),
  };
}
