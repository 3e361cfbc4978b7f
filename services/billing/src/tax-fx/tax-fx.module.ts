import { Module } from '@nestjs/common';
import { FxRatesRepository } from './fx-rates.repository.js';
import { TaxFxHandler } from './tax-fx.handler.js';
import { TaxFxService } from './tax-fx.service.js';
import { TaxRatesRepository } from './tax-rates.repository.js';

/**
 * Tax rates and FX (issue 11, slice C1). Exported for the billing run (slice C2):
 * `TaxFxService.price(country, { invoice_date, lines })` (the rates in force, priced), and
 * `TaxRatesRepository.rateTables` (the histories the one rule of common/rates.ts picks from).
 */
@Module({
  providers: [TaxRatesRepository, FxRatesRepository, TaxFxService, TaxFxHandler],
  exports: [TaxRatesRepository, FxRatesRepository, TaxFxService],
})
export class TaxFxModule {}
