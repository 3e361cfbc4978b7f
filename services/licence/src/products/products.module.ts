import { Module } from '@nestjs/common';
import { ProductListService } from './product-list.service.js';
import { ProductsHandler } from './products.handler.js';
import { ProductsRepository } from './products.repository.js';

/** Products: the account's services list (spec §2 /product); the catalogue, trials and plans come later. */
@Module({ providers: [ProductsHandler, ProductListService, ProductsRepository] })
export class ProductsModule {}
