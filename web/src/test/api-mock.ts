import { vi } from 'vitest';
import { readCookie } from '../lib/cookies';

/** One request the SPA sent, as the mocked backend saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  headers: Headers;
}

/** What a mocked route answers: a result (20000) or a refusal with its code. */
export interface MockAnswer {
  status?: number;
  code?: number;
  message?: string;
  errors?: Record<string, string[]>;
  result?: Record<string, unknown>;
}

type Handler = MockAnswer | ((request: SeenRequest) => MockAnswer | Promise<MockAnswer>);

/** The auth info GET /v1/user-auth answers for the hint cookies of the test (level etc.). */
export function authInfoFromCookies(overrides: { company_name?: string; family_name?: string; given_name?: string } = {}): Record<string, unknown> {
  const level = Number(readCookie('level'));
  if (![3, 6, 9].includes(level)) return { auth_flg: false, user_info: null, authority_info: null, login_pd_cnt: 0, news_num: 0, top_notice_title: '', gmo_token_link: '', sidebar_law_url: '' };
  const type = Number(readCookie('login_operator_type') ?? 0);
  const proxy = Boolean(readCookie('proxy_ident'));
  // An operator's support login into a partner (issue 14) works in the partner's area.
  const intoPartner = proxy && readCookie('proxy_target') === 'partner';
  const context = proxy && !intoPartner ? 'client' : (['client', 'partner', 'primary_partner', 'operator'] as const)[type] ?? 'client';
  const contract = (['none', 'single_content_provider', 'reseller', 'referral'] as const)[Number(readCookie('contract_type') ?? 0)] ?? 'none';
  return {
    auth_flg: true,
    user_info: {
      uuid: readCookie('user_id') ?? 'u-1', email: readCookie('user_email') ?? 'taro@example.com',
      family_name: overrides.family_name ?? 'Yamada', given_name: overrides.given_name ?? 'Taro',
      language: 'en-us', authority: level === 3 ? 'owner' : level === 6 ? 'admin' : 'user', status: 'active', products: [],
    },
    authority_info: {
      level, context, client_uuid: context === 'client' ? 'c-1' : null, partner_uuid: context === 'partner' || context === 'primary_partner' ? 'p-1' : null,
      company_name: overrides.company_name ?? 'Example Corp', contract_type: contract, proxy, region: 'jpn',
    },
    login_pd_cnt: 0, news_num: 0, top_notice_title: '', gmo_token_link: '', sidebar_law_url: '',
  };
}

/**
 * Replaces fetch with a tiny /v1 backend: routes keyed 'METHOD /path' (without /v1). GET
 * /user-auth answers from the cookies unless given, GET /terms with no terms and a privacy URL, GET /client/agreement_info
 * with nothing to agree to; anything else unknown answers 50000 with no
 * message (the client stops quietly).
 */
export function mockApi(routes: Record<string, Handler> = {}) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.clone().text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const request: SeenRequest = { method: input.method, path: url.pathname.replace(/^\/v1/, ''), query: url.searchParams, body, headers: input.headers };
    requests.push(request);
    const key = `${request.method} ${request.path}`;
    const handler = routes[key] ?? (key === 'GET /user-auth' ? { result: authInfoFromCookies() }
      // The terms and privacy links beside agreement checkboxes (features/terms AgreementLinks).
      : key === 'GET /terms' ? { result: { terms: null, privacy_url: 'https://example.com/privacy' } }
      // Issue 25: nothing to agree to again (the shell's agreement screen and the start flows ask).
      : key === 'GET /client/agreement_info' ? { result: { terms: null, privacy: null, required: false, login_required: false } }
      : { status: 500, code: 50000 });
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    const code = answer.code ?? 20000;
    const envelope = { result: { access_status: { code, message: answer.message ?? '' }, ...(answer.errors ? { errors: answer.errors } : {}), ...answer.result } };
    return new Response(JSON.stringify(envelope), {
      status: answer.status ?? (code === 20000 ? 200 : code === 40011 ? 422 : 400),
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The requests to one 'METHOD /path'. */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
