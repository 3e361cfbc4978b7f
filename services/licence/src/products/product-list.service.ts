import { Inject, Injectable } from '@nestjs/common';
import {
  PRODUCT_IDS, PRODUCT_LIST_MAX, REGION_PROFILES, Subjects, ZAuthInfo, ZProductKind,
  type TPrincipal, type TProductId, type TProductList, type TProductPlan,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { ProductsRepository } from './products.repository.js';

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
      ask<unknown>(this.transport, Subjects.identity.authInfo, {}).then((a) => ZAuthInfo.parse(a)),
      this.products.master(),
    ]);
    const offered = new Set<TProductId>(REGION_PROFILES[principal.region].products);
    const held = new Set((auth.user_info?.products ?? []).filter((p) => offered.has(p)));
    const order = new Map(master.map((m, i) => [m.id, { index: i, kind: m.kind }]));
    const rank = (p: TProductId) => order.get(p)?.index ?? master.length + PRODUCT_IDS.indexOf(p);
    const available = [...held].sort((a, b) => rank(a) - rank(b));
    return {
      total: available.length,
      products: available.slice(0, PRODUCT_LIST_MAX).map((id) => ({
        id,
        kind: ZProductKind.catch('unspecified').parse(order.get(id)?.kind),
        plan: this.plan(),
      })),
    };
  }

  /**
   * Contracts arrive with the plans issue; until a paid one exists every licence is the free one
   * assigned when it was issued (spec §4).
   */
  private plan(): TProductPlan {
    return 'free';
  }
}
