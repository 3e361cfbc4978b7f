import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { TaxFxService } from './tax-fx.service.js';

/** Tax rates and FX (issue 11, slice C1): operator /v1 calls (OPERATOR_ONLY) and the internal invoice quote. */
@Injectable()
export class TaxFxHandler {
  constructor(@Inject(TaxFxService) private readonly taxFx: TaxFxService) {}

  @Handles(API_ROUTES.taxRateList)
  taxRateList(query: ApiRequest<'taxRateList'>) {
    requirePrincipal();
    return this.taxFx.listTaxRates(query);
  }

  @Handles(API_ROUTES.taxRateCreate)
  taxRateCreate(input: ApiRequest<'taxRateCreate'>) {
    return this.taxFx.createTaxRate(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.taxRateDelete)
  taxRateDelete(input: ApiRequest<'taxRateDelete'>) {
    requirePrincipal();
    return this.taxFx.deleteTaxRate(input.id);
  }

  @Handles(API_ROUTES.fxRateList)
  fxRateList() {
    requirePrincipal();
    return this.taxFx.listFxRates();
  }

  @Handles(API_ROUTES.fxRateCreate)
  fxRateCreate(input: ApiRequest<'fxRateCreate'>) {
    return this.taxFx.createFxRate(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.fxRateDelete)
  fxRateDelete(input: ApiRequest<'fxRateDelete'>) {
    requirePrincipal();
    return this.taxFx.deleteFxRate(input.id);
  }

  @Handles(INTERNAL_ROUTES.invoiceQuote)
  invoiceQuote(input: InternalRequest<'invoiceQuote'>) {
    return this.taxFx.quote(requirePrincipal(), input);
  }
}
