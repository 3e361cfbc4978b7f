import {
  CONTRACT_TYPE_COOKIE, OPERATOR_CONTEXT_COOKIE, ZLevel,
  type TAuthInfo, type TContractType, type TOperatorContext, type TPrincipal,
} from '@portal/proto';
import { clearCookie, readCookie } from './cookies';
import { currentLocale } from './locale';

/**
 * The SPA's view of the session, built from the readable hint cookies of spec §3 that the gateway
 * sets at login. They are hints for menus and guards only: the server decides every call from the
 * session itself, and a stale hint ends in 40000 (then the hints are cleared). Nothing else reads
 * the cookies.
 *
 * Cookie names (spec §3 names these four and no others; who the user is, name, email and ids,
 * comes from GET /v1/user-auth: issue 21 item 7):
 * - level (3/6/9): present only while logged in; no level = anonymous
 * - login_operator_type (0 client, 1 partner, 2 primary partner, 3 operator)
 * - contract_type (0 none, 1 single content provider, 2 reseller, 3 referral)
 * - proxy_ident: set during a support (proxy) login
 */
export const SESSION_COOKIES = {
  level: 'level',
  operatorType: 'login_operator_type',
  contractType: 'contract_type',
  proxyIdent: 'proxy_ident',
} as const;
/** Readable cookies earlier releases set (the user's id, name, email, company): forgotten with the session. */
const RETIRED_COOKIES = ['user_id', 'user_name', 'user_email', 'company_id', 'proxy_target'];

const PARTNER_TYPES = [String(OPERATOR_CONTEXT_COOKIE.partner), String(OPERATOR_CONTEXT_COOKIE.primary_partner)];

/** Stored payment data lives under keys with this prefix (sessionStorage and localStorage). */
export const PAYMENT_STORAGE_PREFIX = 'payment';

export interface SessionHint {
  /** Level, area, contract and support flag only: the ids are not in the cookies ('' and null until /v1/user-auth answers). */
  principal: TPrincipal | null;
}

function fromNumber<T extends string>(table: Record<T, number>, raw: string | undefined, fallback: T): T {
  const n = Number(raw);
  const hit = (Object.keys(table) as T[]).find((k) => table[k] === n);
  return raw !== undefined && raw !== '' && hit !== undefined ? hit : fallback;
}

export function readSessionHint(cookies: string = document.cookie): SessionHint {
  const get = (name: string) => readCookie(name, cookies);
  const level = ZLevel.safeParse(Number(get(SESSION_COOKIES.level)));
  if (!level.success) return { principal: null };

  const operatorType: TOperatorContext = fromNumber<TOperatorContext>(OPERATOR_CONTEXT_COOKIE, get(SESSION_COOKIES.operatorType), 'client');
  const contractType: TContractType = fromNumber<TContractType>(CONTRACT_TYPE_COOKIE, get(SESSION_COOKIES.contractType), 'none');
  const proxy = Boolean(get(SESSION_COOKIES.proxyIdent));
  // A support login works inside the client's area; when a partner does it, it is the
  // "operator type 1" of spec §6 (spec/NOTES.md "Contexts"). An operator's support login into a
  // partner (issue 14) works in that partner's area instead: the cookies tell it only for a
  // primary partner (type 2, which a partner's own support login never has); for another
  // partner the hint guesses the client area and /v1/user-auth corrects it.
  const intoPartner = proxy && operatorType === 'primary_partner';
  const context: TOperatorContext = proxy && !intoPartner ? 'client' : operatorType;
  const partnerInClientArea = proxy && !intoPartner && (operatorType === 'partner' || operatorType === 'primary_partner');
  const locale = currentLocale();
  const principal: TPrincipal = {
    account_uuid: '',
    context,
    client_uuid: null,
    partner_uuid: null,
    level: level.data,
    contract_type: contractType,
    proxy,
    partner_in_client_area: partnerInClientArea,
    region: locale.region,
    language: locale.language,
    // Server-side facts the SPA does not need for its guards.
    home_shard: locale.region,
    session_id: '',
  };
  return { principal };
}

/**
 * The principal as GET /v1/user-auth describes it (the source of truth once loaded). The
 * login_operator_type cookie adds what the auth info does not carry: who acts during a support
 * login (a partner is "operator type 1" of spec §6). A support login always
 * works inside the client's area, whatever the actor's own area is.
 */
export function principalFromAuth(info: TAuthInfo, cookies: string = document.cookie): TPrincipal | null {
  const authority = info.authority_info;
  if (!info.auth_flg || !authority || !info.user_info) return null;
  // An operator's support login into a partner (issue 14): the partner's tenant, no client.
  const intoPartner = authority.proxy && authority.partner_uuid !== null && authority.client_uuid === null;
  const context: TOperatorContext = authority.proxy && !intoPartner ? 'client' : authority.context;
  const locale = currentLocale();
  return {
    account_uuid: info.user_info.uuid,
    context,
    client_uuid: authority.client_uuid,
    partner_uuid: authority.partner_uuid,
    level: authority.level,
    contract_type: authority.contract_type,
    proxy: authority.proxy,
    partner_in_client_area: authority.proxy && !intoPartner && PARTNER_TYPES.includes(readCookie(SESSION_COOKIES.operatorType, cookies) ?? ''),
    region: authority.region,
    language: locale.language,
    home_shard: authority.region,
    session_id: '',
  };
}

export function currentPrincipal(): TPrincipal | null {
  return readSessionHint().principal;
}

export function isLoggedIn(): boolean {
  return currentPrincipal() !== null;
}

function clearStorage(storage: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PAYMENT_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** Forgets the session on this side (spec §8, 40000): hint cookies and stored payment data. */
export function clearSessionHint(): void {
  for (const name of [...Object.values(SESSION_COOKIES), ...RETIRED_COOKIES]) clearCookie(name);
  clearStorage(window.sessionStorage);
  clearStorage(window.localStorage);
}
