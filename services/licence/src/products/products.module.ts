import { Module } from '@nestjs/common';
import { ProductListService } from './product-list.service.js';
import { ProductsHandler } from './products.handler.js';
import { ProductsRepository } from './products.repository.js';
import { LicencesModule } from '../licences/licences.module.js';

/** Products: the account's services list (spec §2 /product); the catalogue, trials and plans come later. */
@Module({ imports: [LicencesModule], providers: [ProductsHandler, ProductListService, ProductsRepository] })
export class ProductsModule {}
