import { Module } from '@nestjs/common';
import { FxRatesRepository } from './fx-rates.repository.js';
import { TaxRatesRepository } from './tax-rates.repository.js';

/**
 * Tax rates and FX (issue 11, slice C1). The repositories are exported for the billing run
 * (slice C2): `TaxRatesRepository.rateOn/ratesOn` and `FxRatesRepository.standardAt`.
 */
@Module({ providers: [TaxRatesRepository, FxRatesRepository], exports: [TaxRatesRepository, FxRatesRepository] })
export class TaxFxModule {}
