import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ProductListService } from './product-list.service.js';

@Injectable()
export class ProductsHandler {
  constructor(@Inject(ProductListService) private readonly list: ProductListService) {}

  @Handles(API_ROUTES.productList)
  productList() {
    return this.list.list(requirePrincipal());
  }

  @Handles(INTERNAL_ROUTES.productAccess)
  async productAccess(input: InternalRequest<'productAccess'>) {
    return { allowed: await this.list.canOpen(requirePrincipal(), input.product) };
  }

  @Handles(API_ROUTES.clientProducts)
  clientProducts() {
    return this.list.held(requirePrincipal());
  }
}
