import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_CLIENTS_ROUTES, CLIENT_PICTURE_ROUTES, LICENCE_ROUTES } from '@portal/proto';
import type { RouteInput } from '../../lib/api-client';
import { routeQuery, useRouteMutation } from '../../lib/api-query';

/** Issue 14, slice A: the operator's and partner's clients (each area has its own routes). */
const R = BACKOFFICE_CLIENTS_ROUTES;
export type TArea = 'operator' | 'partner';

const list = (area: TArea) => (area === 'operator' ? R.boClientList : R.partnerClientList);
const info = (area: TArea) => (area === 'operator' ? R.boClientInfo : R.partnerClientInfo);

export const useBoClientInfo = (area: TArea, ref: { region: string; uuid: string }) => useQuery(routeQuery(info(area), ref as RouteInput<typeof R.boClientInfo>));

const changes = (area: TArea) => ({ invalidates: [list(area), info(area), LICENCE_ROUTES.clientList], invalidateOn: 'settled' as const, quiet: true });
export const useSuspendClient = (area: TArea) => useRouteMutation(area === 'operator' ? R.boClientSuspend : R.partnerClientSuspend, changes(area));
export const useResumeClient = (area: TArea) => useRouteMutation(area === 'operator' ? R.boClientResume : R.partnerClientResume, changes(area));
export const useSetLicenceType = (area: TArea) => useRouteMutation(area === 'operator' ? R.boClientLicenceType : R.partnerClientLicenceType, changes(area));

export const usePartnerOptions = () => useQuery(routeQuery(R.clientCreatePartners, {}));
export const useCheckLicence = () => useRouteMutation(R.clientCreateLicenceCheck, { quiet: true });
export const useCheckClient = () => useRouteMutation(R.clientCreateClientCheck, { quiet: true });
export const useCheckProducts = () => useRouteMutation(R.clientCreateProductsCheck, { quiet: true });
export const useCreateClient = () => useRouteMutation(R.clientCreate, { quiet: true, invalidates: [R.boClientList] });
/** Issue 22: operators mark a client as subject to the EU data-protection rule, or lift the mark. */
export const useSetEuRule = () => useRouteMutation(R.boClientEuRule, changes('operator'));

/**
 * Issue 25, point 5: the client's whole picture, one query per section (each from the service that
 * owns it, fetched side by side, so one service down fails its section only).
 */
const P = CLIENT_PICTURE_ROUTES;
type TRef = { region: string; uuid: string };
export const useClientAccounts = (area: TArea, ref: TRef) =>
  useQuery(routeQuery(area === 'operator' ? P.boClientAccounts : P.partnerClientAccounts, ref as RouteInput<typeof P.boClientAccounts>));
export const useClientLicences = (area: TArea, ref: TRef) =>
  useQuery(routeQuery(area === 'operator' ? P.boClientLicences : P.partnerClientLicences, ref as RouteInput<typeof P.boClientLicences>));
export const useClientBilling = (ref: TRef, enabled: boolean) =>
  useQuery({ ...routeQuery(P.boClientBilling, ref as RouteInput<typeof P.boClientBilling>), enabled });
const accountChange = { invalidates: [P.boClientAccounts], quiet: true };
export const useReinviteAccount = () => useRouteMutation(P.boClientAccountReinvite, accountChange);
export const useUnlockAccount = () => useRouteMutation(P.boClientAccountUnlock, accountChange);
export const useResetAccountMfa = () => useRouteMutation(P.boClientAccountMfaReset, accountChange);
export const useClientInvoicePdf = () => useRouteMutation(P.boClientInvoicePdf, { quiet: true });

/**
 * Issue 25, point 5: the company and billing info, changed on the client's behalf (operators). The
 * forms read them only when opened; a save reads the page's info again and keeps the answer.
 */
export const useClientCompany = (ref: TRef, enabled: boolean) =>
  useQuery({ ...routeQuery(P.boClientCompany, ref as RouteInput<typeof P.boClientCompany>), enabled });
export const useClientBillingInfo = (ref: TRef, enabled: boolean) =>
  useQuery({ ...routeQuery(P.boClientBillingInfo, ref as RouteInput<typeof P.boClientBillingInfo>), enabled });
export const useSaveClientCompany = () =>
  useRouteMutation(P.boClientCompanyUpdate, { invalidates: [R.boClientInfo, P.boClientCompany, R.boClientList, LICENCE_ROUTES.clientList], quiet: true });
export const useSaveClientBillingInfo = () =>
  useRouteMutation(P.boClientBillingInfoUpdate, { invalidates: [R.boClientInfo, P.boClientBillingInfo], quiet: true });
