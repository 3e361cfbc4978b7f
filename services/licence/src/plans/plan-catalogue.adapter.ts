import { Inject, Injectable } from '@nestjs/common';
import { REGIONS, type TLanguage, type TPrincipal, type TRegion } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import type { Tx } from '../db.js';
import type { PlanUsage } from '../plan-master/plan-usage.js';
import { billsByUsage } from '../billable/item-meters.js';
import { PlansRepository, type PlanLinks } from '../plan-master/plans.repository.js';
import { AgreementsRepository, type AgreementVersions } from '../terms/terms.repository.js';
import { TermsService } from '../terms/terms.service.js';
import { ContractsRepository } from './contracts.repository.js';
import type { AgreementRecorder, PlanCatalogue } from './plan-ports.js';
import type { CatalogueLink, CataloguePlan } from './plans.rules.js';

/** The plan master as plan application reads it: slice B's PlansRepository (global shard). */
@Injectable()
export class PlanMasterCatalogue implements PlanCatalogue {
  constructor(@Inject(PlansRepository) private readonly plans_: PlansRepository) {}

  async plans(ids: readonly string[]): Promise<CataloguePlan[]> {
    return (await this.plans_.getMany(ids)).map((p) => ({
      id: p.id, product: p.product, name: p.name, type: p.type, status: p.status, amountJpy: p.amountJpy, amountUsd: p.amountUsd, initialCostPlanId: p.initialCostPlanId,
      perPlan: p.perPlan,
      grants: p.grants,
      byUsage: billsByUsage(p),
    }));
  }

  async choice(ids: readonly string[]): Promise<{ rows: CataloguePlan[]; links: CatalogueLink[] }> {
    const { rows, links } = await this.plans_.forChoice(ids);
    return { rows: rows.map((r) => ({ ...r, byUsage: billsByUsage(r) })), links: linkRows(links) };
  }
}

/** Links as plan application's rules take them: per row in the order asked, contractable before exclusive. */
function linkRows(map: Map<string, PlanLinks>): CatalogueLink[] {
  return [...map.entries()].flatMap(([planId, l]) => [
    ...l.contractable.map((otherId) => ({ planId, otherId, kind: 'contractable' })),
    ...l.exclusive.map((otherId) => ({ planId, otherId, kind: 'exclusive' })),
  ]);
}

/** The application's agreements through slice B's repository, as the plan_application occasion. */
@Injectable()
export class TermsAgreementRecorder implements AgreementRecorder {
  constructor(
    @Inject(AgreementsRepository) private readonly agreements: AgreementsRepository,
    @Inject(TermsService) private readonly terms: TermsService,
  ) {}

  check(principal: TPrincipal, given: { terms_version?: number; privacy_version?: number }): Promise<void> {
    return this.terms.requireAgreed(principal, given);
  }

  versions(language: TLanguage, region: TRegion): Promise<AgreementVersions> {
    return this.terms.versionsFor(language, region);
  }

  async record(tx: Tx, a: { clientUuid: string; accountUuid: string; versions: unknown }): Promise<void> {
    await this.agreements.record(tx, {
      clientUuid: a.clientUuid, accountUuid: a.accountUuid, occasion: 'plan_application', kinds: ['terms', 'privacy'], versions: a.versions as AgreementVersions,
    });
  }
}

/**
 * The plan master's "number in use" (slice B's PLAN_USAGE): contracts of every region that are
 * under review or not ended, counted per plan-master row of their items.
 */
@Injectable()
export class ContractPlanUsage implements PlanUsage {
  constructor(
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async countInUse(planIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (planIds.length === 0) return counts;
    const asOf = this.clock.now();
    const perShard = await Promise.all(REGIONS.map((region) => this.contracts.itemsInUse(region, planIds, asOf)));
    for (const rows of perShard) for (const [id, n] of rows) counts.set(id, (counts.get(id) ?? 0) + n);
    return counts;
  }
}
