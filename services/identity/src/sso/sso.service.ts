import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { AccessCode, INTERNAL_ROUTES, ZLanguage, productName, type TPrincipal, type TProductId } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { PRODUCT_ACCOUNTS, type ProductAccountsPort } from './product-accounts.port.js';
import { SigningKeys, SSO_ALG } from './signing-keys.js';

export const SSO_ISSUER = 'portal';
export type SsoKind = 'sso' | 'proxy' | 'free_proxy';

/** The marketing-automation product refuses support-login accounts; the landing-page builder cannot be support-logged into (spec §6). */
const REFUSES_SUPPORT_ACCOUNTS: readonly TProductId[] = ['bownow'];
const NO_SUPPORT_LOGIN: readonly TProductId[] = ['lpbuilder'];

const invalid = () => new ServiceError(AccessCode.FORM_ERROR, 'sso.invalid');

/**
 * Product single sign-on: single-use, audience-bound ES256 tokens valid at most 60 s; products
 * verify them with the gateway's JWKS and redeem them once (sso_consume).
 */
@Injectable()
export class SsoService {
  constructor(
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(PRODUCT_ACCOUNTS) private readonly products: ProductAccountsPort,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async issue(principal: TPrincipal, product: TProductId, kind: SsoKind, channel?: string, targetUri?: string) {
    const proxy = principal.proxy || kind !== 'sso';
    if (proxy && NO_SUPPORT_LOGIN.includes(product)) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'proxy.product_not_supported');
    if (proxy && REFUSES_SUPPORT_ACCOUNTS.includes(product)) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'proxy.product_forbidden');
    if (!principal.proxy && kind !== 'sso') throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'proxy.cannot');

    const target = targetUri ? this.landing(product, targetUri) : undefined;
    // Issue 10: the client must hold a live licence (free, a trial not past its last day, or a
    // paid contract), whatever the account's own product list says (licence.access.check).
    if (!principal.client_uuid) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'licence.not_held', { product: productName(product) });
    const licence = await ask(this.transport, INTERNAL_ROUTES.licenceCheck, { client_uuid: principal.client_uuid, product });
    if (!licence.live) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, `licence.${licence.reason ?? 'not_held'}`, { product: productName(product) });
    const found = principal.proxy ? null : await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    // Issue 10: a support login opens only what the client's owner (the account a support session
    // shows, GET /v1/user-auth) is allowed, as a normal login needs its own account's products.
    if (principal.proxy) {
      const owner = await this.accounts.firstOwner(principal.home_shard, principal.client_uuid);
      if (!owner?.products.includes(product)) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'sso.not_licensed');
    }
    if (!principal.proxy) {
      if (!found) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
      if (!found.account.products.includes(product)) throw new ServiceError(AccessCode.PROXY_FORBIDDEN, 'sso.not_licensed');
      if ((await this.products.check(product, found.account.email, found.account.uuid)) === 'duplicate') {
        throw new ServiceError(AccessCode.REPEATED_SYNC, 'sso.duplicate_account');
      }
    }
    const key = await this.keys.active();
    const jti = randomUUID();
    const now = this.clock.now();
    const shard = principal.home_shard;
    // The jti is a one-time token in the global shard (a product redeems it once, wherever the account lives).
    const { expiresAt } = await this.tokens.issue('global', 'global', { purpose: 'sso', secret: jti, accountUuid: principal.account_uuid, payload: { product, shard } });
    const token = await new SignJWT({
      email: found?.account.email ?? '',
      client_uuid: principal.client_uuid,
      proxy,
      region: principal.region,
      language: principal.language,
      ...(channel ? { channel } : {}),
      ...(target ? { target_uri: target } : {}),
    })
      .setProtectedHeader({ alg: SSO_ALG, kid: key.kid })
      .setIssuer(SSO_ISSUER)
      .setAudience(product)
      .setSubject(principal.account_uuid)
      .setJti(jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key.privateKey);
    await this.uow.run(shard, (tx) =>
      recordOperation(tx, { shard, clientUuid: principal.client_uuid, accountUuid: principal.proxy ? null : principal.account_uuid, operation: 'product_login', detail: { product, proxy } }));
    const template = this.config.PRODUCT_LOGIN_URLS[product] ?? publicUrl(`/dev/product/${product}?token={token}`);
    return { token, redirect_url: template.replace('{token}', encodeURIComponent(token)), expires_at: expiresAt.toISOString() };
  }

  /** A product redeems a token once: signature, issuer, audience, expiry, then the jti. */
  async consume(token: string, product: TProductId) {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw invalid();
    }
    const key = kid ? await this.keys.publicKey(kid) : null;
    if (!key) throw invalid();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer: SSO_ISSUER, audience: product, algorithms: [SSO_ALG], currentDate: this.clock.now() }));
    } catch {
      throw invalid();
    }
    // Once: a replay (or a jti that was never issued) is refused.
    if ((await this.tokens.consume('global', String(payload.jti), 'sso')).state !== 'live') throw invalid();
    return {
      sub: String(payload.sub), email: String(payload.email ?? ''), client_uuid: (payload.client_uuid as string | null) ?? null,
      product, proxy: Boolean(payload.proxy), region: payload.region as TPrincipal['region'], language: ZLanguage.catch('ja-jp').parse(payload.language),
      target_uri: typeof payload.target_uri === 'string' ? payload.target_uri : null,
    };
  }

  /**
   * Where the product lands (the target_uri kept through login): a path inside the product, or
   * an absolute URL on the product's own origin (its configured login URL). Anything else is
   * refused, so a crafted link cannot turn the SSO into an open redirect.
   */
  private landing(product: TProductId, targetUri: string): string {
    if (/^\/(?![/\\])/.test(targetUri)) return targetUri;
    const productUrl = this.config.PRODUCT_LOGIN_URLS[product];
    try {
      if (productUrl && new URL(targetUri).origin === new URL(productUrl).origin) return targetUri;
    } catch {
      // not a URL: refused below
    }
    throw ServiceError.form({ target_uri: [{ key: 'sso.invalid_target' }] });
  }
}
