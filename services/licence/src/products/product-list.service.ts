import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, PRODUCT_LIST_MAX, ZProductKind, type ApiReply, type TLicenceCheck, type TPrincipal, type TProductId, type TProductList, type TProductPlan } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { LicenceCheckService } from '../licences/licence-check.service.js';
import { ProductsRepository } from './products.repository.js';
import { offeredInMasterOrder } from './products.rules.js';

/**
 * GET /v1/product/list (spec §2 /product): the products the account may open, i.e. its available
 * products as identity holds them (the owner's during a support login, as GET /v1/user-auth
 * says) for which the client holds a live licence (issue 10), offered in the region, in the
 * product master's order, at most 12.
 */
@Injectable()
export class ProductListService {
  constructor(
    @Inject(ProductsRepository) private readonly products: ProductsRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(LicenceCheckService) private readonly licences: LicenceCheckService,
  ) {}

  async list(principal: TPrincipal): Promise<TProductList> {
    const { available, master, live } = await this.available(principal);
    const kinds = new Map(master.map((m) => [m.id, m.kind]));
    return {
      total: available.length,
      products: available.slice(0, PRODUCT_LIST_MAX).map((id) => ({
        id,
        kind: ZProductKind.catch('unspecified').parse(kinds.get(id)),
        plan: this.plan(live.get(id)),
      })),
    };
  }

  /**
   * Whether the account may open `product`: the same rule as the list, over every available
   * product (the list shows 12; a 13th is still the account's). usage-log's dashboards ask it.
   */
  async canOpen(principal: TPrincipal, product: TProductId): Promise<boolean> {
    if (!principal.client_uuid) return false;
    return (await this.available(principal)).available.includes(product);
  }

  /** The account's available products with a live licence, offered in the region, in the master's order. */
  private async available(principal: TPrincipal) {
    const [auth, master, live] = await Promise.all([
      ask(this.transport, API_ROUTES.userAuth, {}),
      this.products.master(),
      principal.client_uuid ? this.licences.liveProducts(principal.region, principal.client_uuid) : new Map<string, TLicenceCheck>(),
    ]);
    const available = offeredInMasterOrder(principal.region, (auth.user_info?.products ?? []).filter((p) => live.has(p)), master);
    return { available, master, live };
  }

  /**
   * GET /v1/client/products: the products the company holds live licences for (issue 10: its
   * licences replace client_products), offered in its region, in the master's order (the
   * pickers of invite and account edit). No company (a partner): none.
   */
  async held(principal: TPrincipal): Promise<ApiReply<'clientProducts'>> {
    if (!principal.client_uuid) return { products: [] };
    const [live, master] = await Promise.all([
      this.licences.liveProducts(principal.region, principal.client_uuid),
      this.products.master(),
    ]);
    return { products: offeredInMasterOrder(principal.region, [...live.keys()], master) };
  }

  /** A paid contract (slice C) is `paid`, a trial `trial`; otherwise the free plan of the licence (spec §4). */
  private plan(check: TLicenceCheck | undefined): TProductPlan {
    return check?.kind === 'paid' ? 'paid' : check?.kind === 'trial' ? 'trial' : 'free';
  }
}
