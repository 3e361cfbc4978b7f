import { Inject, Injectable } from '@nestjs/common';
import { ZLicenceKind, clientScope, type TClientLicences, type TPrincipal, type TRegion, type TShard } from '@portal/proto';
import { businessDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { ClientsRepository } from '../clients/clients.repository.js';
import { ContractsRepository } from '../plans/contracts.repository.js';
import { contractView } from '../plans/plan-application.service.js';
import { LicencesRepository } from './licences.repository.js';

/** The option lines of a contract (its plan and initial costs are not options). */
const OPTION_TYPES = new Set(['option', 'option_monthly', 'option_shot']);

/**
 * Issue 25, point 5: the licences section of the back-office client info page: each product's
 * licence (free, trial, paid) with its start, trial end and end as business dates, and every
 * contract with its plan, options and dates. An operator any client, a partner its scope's.
 */
@Injectable()
export class ClientLicencesService {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async picture(principal: TPrincipal, region: TRegion, uuid: string): Promise<TClientLicences> {
    const scope = clientScope(principal);
    if (!scope) throw ServiceError.notFound();
    const shard = region as TShard;
    const [found, licences, contracts] = await Promise.all([
      this.clients.oneInScope(this.clients.reader(shard), scope, uuid),
      this.licences.licencesOf(shard, uuid),
      this.contracts.listForClient(shard, uuid),
    ]);
    if (!found) throw ServiceError.notFound();
    const now = this.clock.now();
    // Plan and option names in the page's language (the host's), not the operator's account language.
    const language = requireContext().language;
    return {
      licences: licences
        .map((l) => ({
          product: l.product, kind: ZLicenceKind.catch('free').parse(l.kind), started_on: businessDate(l.startedAt), trial_ends_on: l.trialEndsOn,
          ended_on: l.endedAt ? businessDate(l.endedAt) : null,
        }))
        .sort((a, b) => a.product.localeCompare(b.product)),
      contracts: contracts.map((c) => {
        const v = contractView(c, language, region, now);
        return {
          id: v.id, product: v.product, plan_name: v.plan_name, status: v.status, currency: v.currency, monthly_amount: v.monthly_amount,
          effective_from: v.effective_from, billing_start: v.billing_start, minimum_term_end: v.minimum_term_end, ends_on: v.ends_on,
          options: v.items.filter((i) => OPTION_TYPES.has(i.type)).map((i) => i.name),
        };
      }),
    };
  }
}
