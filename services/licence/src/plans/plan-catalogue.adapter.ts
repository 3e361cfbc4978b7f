import { Inject, Injectable } from '@nestjs/common';
import type { TLanguage, TShard } from '@portal/proto';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { PlansRepository } from '../plan-master/plans.repository.js';
import type { AgreementRecorder, PlanCatalogue } from './plan-ports.js';
import type { CatalogueLink, CataloguePlan } from './plans.rules.js';

/** The plan master as plan application reads it: slice B's PlansRepository (global shard). */
@Injectable()
export class PlanMasterCatalogue implements PlanCatalogue {
  constructor(@Inject(PlansRepository) private readonly plans_: PlansRepository) {}

  async plans(ids: readonly string[]): Promise<CataloguePlan[]> {
    return (await this.plans_.getMany(ids)).map((p) => ({
      id: p.id, product: p.product, name: p.name, type: p.type, status: p.status, amountJpy: p.amountJpy, amountUsd: p.amountUsd, initialCostPlanId: p.initialCostPlanId,
    }));
  }

  async links(ids: readonly string[]): Promise<CatalogueLink[]> {
    const map = await this.plans_.linksOf(ids);
    return [...map.entries()].flatMap(([planId, l]) => [
      ...l.contractable.map((otherId) => ({ planId, otherId, kind: 'contractable' })),
      ...l.exclusive.map((otherId) => ({ planId, otherId, kind: 'exclusive' })),
    ]);
  }
}

/**
 * Until slice B's AgreementsRepository is merged, the agreements of an application are required
 * by the contract (terms_agreed, privacy_agreed: true) and logged here; the binding switches to
 * B's repository when it exists (docs/decisions.md).
 */
@Injectable()
export class PendingAgreementRecorder implements AgreementRecorder {
  private readonly log = createLogger('PlanAgreements');
  record(_tx: Tx, agreement: { shard: TShard; clientUuid: string; accountUuid: string; kind: 'terms' | 'privacy'; language: TLanguage }): Promise<void> {
    this.log.info({ kind: agreement.kind, language: agreement.language }, 'plan application agreement');
    return Promise.resolve();
  }
}
