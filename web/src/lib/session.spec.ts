import { describe, expect, it } from 'vitest';
import { evaluatePolicy, BILLING, PARTNER_ONLY, PLAN_CHANGE, PROFILE, OPERATOR_ONLY, type TAuthInfo } from '@portal/proto';
import { principalFromAuth, readSessionHint } from './session';

describe('session hint from cookies', () => {
  it('is anonymous without a level cookie', () => {
    expect(readSessionHint('login_operator_type=0; contract_type=0').principal).toBeNull();
  });

  it('reads level, context and contract type', () => {
    const p = readSessionHint('level=6; login_operator_type=0; contract_type=2').principal!;
    expect(p).toMatchObject({ level: 6, context: 'client', contract_type: 'reseller', proxy: false });
    expect(evaluatePolicy(BILLING, p)).toBe('forbidden');
  });

  it('reads an operator', () => {
    const p = readSessionHint('level=3; login_operator_type=3').principal!;
    expect(evaluatePolicy(OPERATOR_ONLY, p)).toBe('allow');
  });

  it('treats a partner support login as a partner in the client area', () => {
    const p = readSessionHint('level=3; login_operator_type=1; proxy_ident=abc; contract_type=3').principal!;
    expect(p).toMatchObject({ context: 'client', proxy: true, partner_in_client_area: true });
    expect(evaluatePolicy(PROFILE, p)).toBe('forbidden');
    expect(evaluatePolicy(PLAN_CHANGE, p)).toBe('forbidden');
  });

  it('keeps an operator\'s support login into a primary partner in the partner area, without the profile', () => {
    const p = readSessionHint('level=3; login_operator_type=2; proxy_ident=op').principal!;
    expect(p).toMatchObject({ context: 'primary_partner', partner_uuid: null, client_uuid: null, proxy: true, partner_in_client_area: false });
    expect(evaluatePolicy(PARTNER_ONLY, p)).toBe('allow');
    expect(evaluatePolicy(PROFILE, p)).toBe('forbidden');
    expect(evaluatePolicy(OPERATOR_ONLY, p)).toBe('forbidden');
  });

  it('reads no one\'s identity from cookies: ids are blank until /v1/user-auth answers (issue 21 item 7)', () => {
    const p = readSessionHint('level=3; login_operator_type=0; user_id=u-1; company_id=c-1; user_email=a%40example.com').principal!;
    expect(p).toMatchObject({ account_uuid: '', client_uuid: null, partner_uuid: null });
  });
});

describe('principal from GET /v1/user-auth', () => {
  const info = (authority: Partial<NonNullable<TAuthInfo['authority_info']>> = {}): TAuthInfo => ({
    auth_flg: true,
    user_info: { uuid: 'u-1', email: 'a@example.com', family_name: 'Yamada', given_name: 'Taro', language: 'ja-jp', authority: 'admin', status: 'active', products: [] },
    authority_info: { level: 6, context: 'client', client_uuid: 'c-1', partner_uuid: null, company_name: 'Example', contract_type: 'none', proxy: false, region: 'jpn', ...authority },
    login_pd_cnt: 0, news_num: 0, top_notice_title: '', gmo_token_link: '', sidebar_law_url: '',
  });

  it('takes level, context, tenant and contract from the server', () => {
    expect(principalFromAuth(info())).toMatchObject({ account_uuid: 'u-1', level: 6, context: 'client', client_uuid: 'c-1', proxy: false, partner_in_client_area: false });
  });

  it('is anonymous when the server says so', () => {
    expect(principalFromAuth({ ...info(), auth_flg: false })).toBeNull();
  });

  it('works in the client area during a support login; a partner actor is "operator type 1"', () => {
    const p = principalFromAuth(info({ level: 3, context: 'operator', proxy: true }), 'login_operator_type=1')!;
    expect(p).toMatchObject({ context: 'client', proxy: true, partner_in_client_area: true });
    expect(principalFromAuth(info({ level: 3, context: 'operator', proxy: true }), 'login_operator_type=3')!.partner_in_client_area).toBe(false);
  });

  it('works in the partner\'s area during an operator\'s support login into a partner (issue 14)', () => {
    const p = principalFromAuth(info({ level: 3, context: 'partner', client_uuid: null, partner_uuid: 'p-1', proxy: true }), 'login_operator_type=1; proxy_target=partner')!;
    expect(p).toMatchObject({ context: 'partner', partner_uuid: 'p-1', proxy: true, partner_in_client_area: false });
    expect(evaluatePolicy(PARTNER_ONLY, p)).toBe('allow');
  });
});
