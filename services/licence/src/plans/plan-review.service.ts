import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  AccessCode, REGIONS, REGION_PROFILES, ZLanguage, productName, renderMessage, type TPlanApplicationPreview, type TPlanApplicationRow, type TPrincipal, type TProductId, type TRegion, type TShard,
  type ZPlanApplicationQuery,
} from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { changeEffectiveFrom, minimumTermEnd } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import type { Tx } from '../db.js';
import { ContractsRepository } from './contracts.repository.js';
import { PlanApplicationService } from './plan-application.service.js';
import { PlanApplicationsRepository, type ApplicationRecord } from './plan-applications.repository.js';
import { PLAN_CATALOGUE, grantProducts, publicUrl, requestMail, type PlanCatalogue } from './plan-ports.js';
import { BillingPaymentService } from './billing-payment.service.js';
import { paymentRefusal } from './billing-payment.rules.js';
import { contractStatus, planName } from './plans.rules.js';

type Query = z.output<typeof ZPlanApplicationQuery>;

/**
 * Review of paid-plan applications by operators (spec §4 "Licence review"): the pending ones of
 * every region, allow (the contract is scheduled and the client leaves review) or reject with a
 * reason (the client becomes rejected: no paid plan). The applicant is mailed the outcome.
 */
@Injectable()
export class PlanReviewService {
  constructor(
    @Inject(PlanApplicationsRepository) private readonly applications: PlanApplicationsRepository,
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(PlanApplicationService) private readonly planApplication: PlanApplicationService,
    @Inject(PLAN_CATALOGUE) private readonly catalogue: PlanCatalogue,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BillingPaymentService) private readonly payment: BillingPaymentService,
  ) {}

  async list(principal: TPrincipal, query: Query) {
    const depth = query.page * query.per_page;
    const shards = await Promise.all(REGIONS.map(async (region) => {
      const { rows, total } = await this.applications.listByStatus(region, query.status, depth);
      return { rows: rows.map((r) => ({ ...r, region })), total };
    }));
    const all = shards.flatMap((s) => s.rows).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const page = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
    const names = await this.planNames(page.map((r) => r.planId), principal.language, principal.region);
    return {
      applications: page.map((r) => this.row(r, r.region, r.companyName, names)),
      total: shards.reduce((sum, s) => sum + s.total, 0),
    };
  }

  /**
   * Issue 25 point 2: what allowing would do, before the operator confirms: the product's plan now
   * (the active contract, none for a first plan) and the one applied for with their monthly prices,
   * the effective date by the same rule as `allow` (were it allowed now), and the refusal it would
   * meet. Writes nothing.
   */
  async preview(principal: TPrincipal, id: string, region: TRegion): Promise<TPlanApplicationPreview> {
    const shard = region as TShard;
    const pending = await this.pending(shard, id);
    const client = await this.applications.client(shard, pending.clientUuid);
    const refusal = paymentRefusal(await this.payment.stateOf(region, pending.clientUuid, client?.contractType ?? 'none'), 'plan.allow_payment_missing');
    const now = this.clock.now();
    const open = await this.uow.run(shard, (tx) => this.contracts.openForProduct(tx, pending.clientUuid, pending.product));
    const current = open.find((c) => contractStatus(c.status, c.effectiveFrom, c.endsOn, now) === 'active');
    const names = await this.planNames([pending.planId, ...(current ? [current.planId] : [])], principal.language, principal.region);
    const company = await this.applications.companyName(shard, pending.clientUuid);
    const messages = refusal ? [refusal.key, ...Object.values(refusal.fields).flat().map((m) => m.key)].map((key) => renderMessage(principal.language, key)) : [];
    return {
      application: this.row(pending, region, company, names),
      current: current ? { plan_name: names.get(current.planId) ?? current.planId, monthly_amount: current.monthlyAmount, currency: current.currency as 'JPY' | 'USD' } : null,
      effective_from: [pending.effectiveFrom, changeEffectiveFrom(now)].sort().at(-1)!,
      refusal: messages.length ? messages.join(' ') : null,
    };
  }

  async allow(principal: TPrincipal, id: string, region: TRegion): Promise<TPlanApplicationRow> {
    const shard = region as TShard;
    const pending = await this.pending(shard, id);
    // Issue 22: the client must still have billing info and a usable method (a card may have expired
    // or been replaced by a pending request since it applied), unless its reseller bills it.
    const client = await this.applications.client(shard, pending.clientUuid);
    const refusal = paymentRefusal(await this.payment.stateOf(region, pending.clientUuid, client?.contractType ?? 'none'), 'plan.allow_payment_missing');
    if (refusal) throw new ServiceError(AccessCode.FORM_ERROR, refusal.key, undefined, refusal.fields);
    const now = this.clock.now();
    // Completed now: the change applies by the 25th rule from today, never earlier than applied for.
    const effectiveFrom = [pending.effectiveFrom, changeEffectiveFrom(now)].sort().at(-1)!;
    const reviewed = await this.uow.run(shard, async (tx) => {
      const application = await this.applications.review(tx, id, { status: 'allowed', reason: null, reviewedBy: principal.account_uuid, reviewedAt: this.clock.now(), effectiveFrom });
      if (!application) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_pending');
      const open = await this.contracts.openForProduct(tx, application.clientUuid, application.product);
      const current = open.find((c) => contractStatus(c.status, c.effectiveFrom, c.endsOn, now) === 'active' && c.monthlyAmount > 0);
      const billingStart = current?.billingStart ?? effectiveFrom;
      const contract = await this.contracts.settleReview(tx, id, {
        status: 'scheduled', effectiveFrom, billingStart, minimumTermEnd: current?.minimumTermEnd ?? minimumTermEnd(billingStart),
      });
      if (!contract) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_pending');
      await this.planApplication.replaceOpen(tx, open, { effective_from: effectiveFrom, replaces: null, penalty_months: 0 }, now);
      // Issue 22: a package contract's products reach the applicant's account list (SSO, dashboards).
      await grantProducts(tx, shard, { clientUuid: application.clientUuid, accountUuid: application.accountUuid, products: contract.grants as TProductId[] });
      if ((await this.applications.licenceType(tx, application.clientUuid)) === 'reviewing') {
        await this.applications.setLicenceType(tx, application.clientUuid, application.previousLicenceType);
      }
      await this.finish(tx, shard, application, 'plan_application_allowed', 'plan_application_allowed', { effective_from: effectiveFrom });
      return application;
    });
    return this.view(shard, reviewed, principal);
  }

  async reject(principal: TPrincipal, id: string, region: TRegion, reason: string): Promise<TPlanApplicationRow> {
    const shard = region as TShard;
    await this.pending(shard, id);
    const reviewed = await this.uow.run(shard, async (tx) => {
      const application = await this.applications.review(tx, id, { status: 'rejected', reason, reviewedBy: principal.account_uuid, reviewedAt: this.clock.now() });
      if (!application) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_pending');
      await this.contracts.settleReview(tx, id, { status: 'rejected' });
      await this.applications.setLicenceType(tx, application.clientUuid, 'rejected');
      await this.finish(tx, shard, application, 'plan_application_rejected', 'plan_application_rejected', { reason });
      return application;
    });
    return this.view(shard, reviewed, principal);
  }

  private async pending(shard: TShard, id: string): Promise<ApplicationRecord> {
    const found = await this.applications.find(shard, id);
    if (!found) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_found');
    if (found.status !== 'reviewing') throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_pending');
    return found;
  }

  /** The client's operation log entry and the applicant's mail, in the review's transaction. */
  private async finish(
    tx: Tx, shard: TShard, a: ApplicationRecord, operation: 'plan_application_allowed' | 'plan_application_rejected',
    template: 'plan_application_allowed' | 'plan_application_rejected', extra: Record<string, string>,
  ): Promise<void> {
    // In the applicant's language, by the client's region's fallback (never Japanese outside Japan).
    const plan = (await this.planNames([a.planId], a.language, shard)).get(a.planId) ?? a.planId;
    await recordOperation(tx, { shard, clientUuid: a.clientUuid, accountUuid: null, operation, detail: { product: a.product, plan, ...extra } });
    if (!a.applicantEmail) return;
    const company = await tx.client.findUnique({ where: { uuid: a.clientUuid }, select: { companyName: true } });
    await requestMail(tx, shard, {
      to: a.applicantEmail, template, language: ZLanguage.catch(REGION_PROFILES[shard as TRegion].defaultLanguage).parse(a.language), recipient: a.applicantName || undefined,
      params: {
        company: company?.companyName ?? '', product: productName(a.product), plan, effective_from: extra.effective_from ?? a.effectiveFrom,
        reason: extra.reason ?? '', url: publicUrl('/plan/list'),
      },
    });
  }

  private async planNames(ids: string[], language: string, region: string): Promise<Map<string, string>> {
    const rows = ids.length ? await this.catalogue.plans([...new Set(ids)]) : [];
    return new Map(rows.map((p) => [p.id, planName(p, language, region)]));
  }

  private async view(shard: TShard, a: ApplicationRecord, reader: TPrincipal): Promise<TPlanApplicationRow> {
    const [company, names] = await Promise.all([this.applications.companyName(shard, a.clientUuid), this.planNames([a.planId], reader.language, reader.region)]);
    return this.row(a, shard as TRegion, company, names);
  }

  private row(a: ApplicationRecord, region: TRegion, companyName: string, names: Map<string, string>): TPlanApplicationRow {
    return {
      id: a.id, region, client_uuid: a.clientUuid, company_name: companyName, product: a.product, plan_id: a.planId,
      plan_name: names.get(a.planId) ?? a.planId, option_ids: a.optionIds, currency: a.currency as 'JPY' | 'USD', monthly_amount: a.monthlyAmount,
      effective_from: a.effectiveFrom, contract_kind: a.contractKind as 'personal' | 'corporation', corporate_name: a.corporateName,
      corporate_number: a.corporateNumber, location: a.location, representative: a.representative, applicant_name: a.applicantName,
      status: a.status as TPlanApplicationRow['status'], reason: a.reason, created_at: a.createdAt.toISOString(), reviewed_at: a.reviewedAt?.toISOString() ?? null,
    };
  }
}
