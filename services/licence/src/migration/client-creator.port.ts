import type { TContractType, TPrincipal, TRegion } from '@portal/proto';

/**
 * Issue 14: the one create-client command (slice A's `ClientCreateService`: licence client,
 * identity tenant and owner, the owner's invitation mail). Migration and registration confirm call
 * it through this port and keep what they confirmed in their own tables; they never create a
 * client themselves.
 */
export interface NewClientRequest {
  /** Who asks: the operator, the partner, or (embedded form) the form's partner acting without a session. */
  principal: TPrincipal;
  region: TRegion;
  company_name: string;
  phone: string;
  owner: { family_name: string; given_name: string; email: string; language: string };
  partner_uuid: string | null;
  contract_type: TContractType;
  licence_type: string;
  /** The caller's key, so a retried confirm creates one client. */
  idempotency_key: string;
  /** Issue 22: the answer to the EU data-protection question, where it was asked (a registration outside Japan). */
  eu_subject?: boolean;
}

export interface ClientCreator {
  /** The licence step's rule (the partner exists, is approved and may grant the contract); `prefix` names the fields. */
  checkLicence(request: Pick<NewClientRequest, 'region' | 'contract_type' | 'partner_uuid' | 'licence_type'>, prefix?: string): Promise<void>;
  /** The client's uuid (the same for the same caller and key). */
  create(request: NewClientRequest): Promise<{ client_uuid: string }>;
}
export const CLIENT_CREATOR = Symbol('ClientCreator');
