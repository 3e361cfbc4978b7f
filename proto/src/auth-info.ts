import { z } from 'zod';
import { ZAccountStatus, ZAuthority, ZContractType, ZLanguage, ZLevel, ZOperatorContext, ZProductId, ZRegion } from './enums.js';

export const ZUserInfo = z.object({
  uuid: z.string(),
  email: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  language: ZLanguage,
  authority: ZAuthority.nullable(),
  status: ZAccountStatus,
  products: z.array(ZProductId),
});
export const ZAuthorityInfo = z.object({
  level: ZLevel,
  context: ZOperatorContext,
  client_uuid: z.string().nullable(),
  partner_uuid: z.string().nullable(),
  company_name: z.string().nullable(),
  contract_type: ZContractType,
  proxy: z.boolean(),
  region: ZRegion,
});

/** GET /v1/user-auth: the auth info of spec §3. */
export const ZAuthInfo = z.object({
  auth_flg: z.boolean(),
  user_info: ZUserInfo.nullable(),
  authority_info: ZAuthorityInfo.nullable(),
  login_pd_cnt: z.number().int(),
  news_num: z.number().int(),
  top_notice_title: z.string(),
  gmo_token_link: z.string(),
  sidebar_law_url: z.string(),
});
export type TAuthInfo = z.infer<typeof ZAuthInfo>;
