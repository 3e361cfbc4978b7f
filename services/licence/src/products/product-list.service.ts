import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, PRODUCT_LIST_MAX, ZProductKind, type ApiReply, type TPrincipal, type TProductList, type TProductPlan } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { ProductsRepository } from './products.repository.js';
import { offeredInMasterOrder } from './products.rules.js';

/**
 * GET /v1/product/list (spec §2 /product): the products the account may open, i.e. its available
 * products as identity holds them (the owner's during a support login, as GET /v1/user-auth
 * says), offered in the region, in the product master's order, at most 12.
 */
@Injectable()
export class ProductListService {
  constructor(
    @Inject(ProductsRepository) private readonly products: ProductsRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async list(principal: TPrincipal): Promise<TProductList> {
    const [auth, master] = await Promise.all([
      ask(this.transport, API_ROUTES.userAuth, {}),
      this.products.master(),
    ]);
    const available = offeredInMasterOrder(principal.region, auth.user_info?.products ?? [], master);
    const kinds = new Map(master.map((m) => [m.id, m.kind]));
    return {
      total: available.length,
      products: available.slice(0, PRODUCT_LIST_MAX).map((id) => ({
        id,
        kind: ZProductKind.catch('unspecified').parse(kinds.get(id)),
        plan: this.plan(),
      })),
    };
  }

  /**
   * GET /v1/client/products: the products the company holds, offered in its region, in the
   * master's order (the pickers of invite and account edit). No company (a partner): none.
   */
  async held(principal: TPrincipal): Promise<ApiReply<'clientProducts'>> {
    if (!principal.client_uuid) return { products: [] };
    const [held, master] = await Promise.all([
      this.products.heldBy(principal.home_shard, principal.client_uuid),
      this.products.master(),
    ]);
    return { products: offeredInMasterOrder(principal.region, held, master) };
  }

  /**
   * Contracts arrive with the plans issue; until a paid one exists every licence is the free one
   * assigned when it was issued (spec §4).
   */
  private plan(): TProductPlan {
    return 'free';
  }
}
