import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EU_RESTRICTED_KEY, INTERNAL_ROUTES, productName, renderMessage, type TApplyPreview, type TCancelLastInvoice, type TCurrency, type TLanguage, type TApplyRequest, type TClientContracts, type TContractInfo,
  type TContractInfoChecked, type TContractView, type TCorporateSearchResult, type TPendingApplication, type TPlanChoice,
  type TPrincipal, type TProductId, type TRegion, type TShard, type TMeteredView, type TTrialView,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { addDays, completionDeadline, invoiceBillingDate } from '@portal/service-common/business-dates';
import { invoiceDateOf } from '@portal/service-common/rates';
import { cancellationLines } from '../billable/billable.rules.js';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Client, Tx } from '../db.js';
import { CORPORATE_NUMBER_DIRECTORY, type CorporateNumberDirectory } from '../corporate-number/corporate-number.port.js';
import { MAX_CANDIDATES, searchOutcome } from '../corporate-number/corporate-number.rules.js';
import { LicenceCheckService } from '../licences/licence-check.service.js';
import { ContractsRepository, type ContractRecord } from './contracts.repository.js';
import { PlanApplicationsRepository } from './plan-applications.repository.js';
import { AGREEMENT_RECORDER, PLAN_CATALOGUE, grantProducts, publicUrl, requestMail, type AgreementRecorder, type PlanCatalogue } from './plan-ports.js';
import { BillingPaymentService } from './billing-payment.service.js';
import { paymentRefusal } from './billing-payment.rules.js';
import { MeteredPreview } from '../billable/metered-preview.js';
import {
  applyEligibility, cancelTerms, changeTerms, choiceIds, contractStatus, currencyOf, firstInvoice, isCurrent, planName, refusalMessage,
  settleInitialCosts, validateChoice, type CatalogueLink, type CataloguePlan, type ContractTerms, type ValidChoice,
} from './plans.rules.js';

/** A contract's name for a reader of `language` in `region`: its plan item's snapshot (proto's fallback rule), else the plan id. */
function contractPlanName(c: ContractRecord, language: string, region: TRegion | string): string {
  const item = c.items.find((i) => i.planId === c.planId);
  return item ? planName({ id: c.planId, name: item.name }, language, region) : c.planId;
}

export function contractView(c: ContractRecord, language: string, region: TRegion | string, now: Date): TContractView {
  const status = contractStatus(c.status, c.effectiveFrom, c.endsOn, now);
  return {
    id: c.id, product: c.product, plan_id: c.planId, plan_name: contractPlanName(c, language, region), status,
    currency: c.currency as 'JPY' | 'USD', monthly_amount: c.monthlyAmount, effective_from: c.effectiveFrom, billing_start: c.billingStart,
    minimum_term_end: c.minimumTermEnd, ends_on: c.endsOn, cancel_filed_at: c.cancelFiledAt?.toISOString() ?? null, penalty_months: c.penaltyMonths,
    items: c.items.map((i) => ({ plan_id: i.planId, type: i.type, name: planName({ id: i.planId, name: i.name }, language, region), amount: i.amount })),
    grants: c.grants as TProductId[],
    cancel_preview: isCurrent(status) && !c.cancelFiledAt && !c.endsOn ? cancelTerms(now, c) : null,
  };
}

const terms = (c: ContractRecord, language: string, region: TRegion | string): ContractTerms => ({
  id: c.id, planName: contractPlanName(c, language, region), monthlyAmount: c.monthlyAmount, effectiveFrom: c.effectiveFrom,
  billingStart: c.billingStart, minimumTermEnd: c.minimumTermEnd, endsOn: c.endsOn,
});

/**
 * Plan application (spec §4 "Plan change flow", §5 "Plan application"): eligibility, the
 * corporate-number search, contract info, the preview of timing and terms, applying, and
 * cancelling. Tenancy comes from the principal; dates from business-dates (Asia/Tokyo).
 */
@Injectable()
export class PlanApplicationService {
  private readonly log = createLogger('PlanApplicationService');

  constructor(
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(PlanApplicationsRepository) private readonly applications: PlanApplicationsRepository,
    @Inject(PLAN_CATALOGUE) private readonly catalogue: PlanCatalogue,
    @Inject(AGREEMENT_RECORDER) private readonly agreements: AgreementRecorder,
    @Inject(CORPORATE_NUMBER_DIRECTORY) private readonly directory: CorporateNumberDirectory,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(LicenceCheckService) private readonly licences: LicenceCheckService,
    @Inject(BillingPaymentService) private readonly payment: BillingPaymentService,
    @Inject(MeteredPreview) private readonly metered: MeteredPreview,
  ) {}

  async clientList(principal: TPrincipal): Promise<TClientContracts> {
    const client = await this.client(principal);
    const shard = principal.region as TShard;
    const now = this.clock.now();
    const [rows, latest, standings] = await Promise.all([
      this.contracts.listForClient(shard, client.uuid), this.applications.latest(shard, client.uuid), this.licences.standings(principal.region, client.uuid),
    ]);
    const state = client.licenceType === 'reviewing' || client.licenceType === 'rejected' ? client.licenceType : 'normal';
    // Issue 22: the trials running now (or carried on until a paid plan applied for during them starts).
    const trials: TTrialView[] = [...standings.entries()]
      .filter(([, s]) => s.check.live && s.check.kind === 'trial' && s.row?.trialEndsOn)
      .map(([product, s]) => ({ product, trial_ends_on: s.row!.trialEndsOn!, paid_from: s.paidFrom }))
      .sort((a, b) => a.trial_ends_on.localeCompare(b.trial_ends_on) || a.product.localeCompare(b.product));
    const pendingContract = latest?.status === 'reviewing' ? rows.find((c) => c.applicationId === latest.id) : undefined;
    const pending: TPendingApplication | null = latest?.status === 'reviewing' ? {
      id: latest.id, product: latest.product, plan_name: pendingContract ? contractPlanName(pendingContract, principal.language, principal.region) : latest.planId,
      currency: latest.currency as TPendingApplication['currency'], monthly_amount: latest.monthlyAmount, effective_from: latest.effectiveFrom,
      created_at: latest.createdAt.toISOString(),
    } : null;
    const views = rows.map((c) => contractView(c, principal.language, principal.region, now));
    // Issue 23: the running contracts' metered items with the month's usage so far, beside the cancel dialogs' last invoices.
    const live = views.filter((c) => c.status === 'active' || c.status === 'cancelling');
    const [usage] = await Promise.all([
      this.metered.views(shard, client.uuid, live.flatMap((c) => c.items.map((i) => ({ key: `${c.id}:${i.plan_id}`, product: c.product, planId: i.plan_id, amount: i.amount })))),
      this.priceCancellations(rows, views, principal.region),
    ]);
    for (const c of live) for (const i of c.items) { const v = usage.get(`${c.id}:${i.plan_id}`); if (v) i.metered = v; }
    return {
      contracts: views,
      licence_state: state,
      eligibility: applyEligibility(principal.level, client.licenceType),
      rejection_reason: state === 'rejected' && latest?.status === 'rejected' ? latest.reason : null,
      trials,
      pending_application: pending,
    };
  }

  /**
   * Issue 22: the client withdraws its application under review (/plan/underreview). In one unit
   * of work: the application and its contract are marked withdrawn (once: an operator's allow or
   * reject meanwhile wins, and this answers `plan.application_not_pending`), the client leaves
   * review, the operation log records it and the applicant is mailed.
   */
  async withdraw(principal: TPrincipal, applicationId: string): Promise<{ application_id: string; status: 'withdrawn' }> {
    const client = await this.client(principal);
    const shard = principal.region as TShard;
    const withdrawer = await this.applicant(principal);
    const now = this.clock.now();
    await this.uow.run(shard, async (tx) => {
      const application = await this.applications.withdraw(tx, client.uuid, applicationId, now);
      if (!application) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.application_not_pending');
      const contract = await this.contracts.settleReview(tx, application.id, { status: 'withdrawn' });
      if ((await this.applications.licenceType(tx, client.uuid)) === 'reviewing') {
        await this.applications.setLicenceType(tx, client.uuid, application.previousLicenceType);
      }
      const planIn = (language: string) => (contract ? contractPlanName(contract, language, shard) : application.planId);
      await recordOperation(tx, {
        shard, clientUuid: client.uuid, accountUuid: principal.account_uuid, operation: 'plan_application_withdrawn',
        detail: { product: application.product, plan: planIn(principal.language) },
      });
      // The applicant hears of it (in the language they applied in); one applied for from a support login has none: the owner who withdrew it.
      const to = application.applicantEmail
        ? { email: application.applicantEmail, name: application.applicantName, language: application.language as TPrincipal['language'] }
        : withdrawer ? { ...withdrawer, language: principal.language } : null;
      if (to) {
        await requestMail(tx, shard, {
          to: to.email, template: 'plan_application_withdrawn', language: to.language, recipient: to.name || undefined,
          params: { company: client.companyName, product: productName(application.product), plan: planIn(to.language), url: publicUrl('/plan/list') },
        });
      }
    });
    return { application_id: applicationId, status: 'withdrawn' };
  }

  async modifyCheck(principal: TPrincipal) {
    const client = await this.client(principal);
    return applyEligibility(principal.level, client.licenceType);
  }

  /** Refuses (with the spec's message) a caller who may not apply now, or not for a paid plan. */
  private checkEligible(principal: TPrincipal, client: Client, paid: boolean): void {
    // Issue 22: no plan for a client marked as subject to the EU data-protection rule.
    if (client.euRestricted) throw new ServiceError(AccessCode.FORM_ERROR, EU_RESTRICTED_KEY);
    const e = applyEligibility(principal.level, client.licenceType);
    if (!e.allowed || (paid && !e.paid_allowed)) throw new ServiceError(AccessCode.FORM_ERROR, refusalMessage(e.reason ?? 'rejected'));
  }

  async corporateSearch(principal: TPrincipal, name: string): Promise<TCorporateSearchResult> {
    const client = await this.client(principal);
    this.checkEligible(principal, client, false);
    let result;
    try {
      result = await this.directory.searchByName(name);
    } catch (err) {
      this.log.warn({ err, directory: this.directory.name }, 'corporate-number search failed');
      throw new ServiceError(AccessCode.FORM_ERROR, 'plan.corporate_search_unavailable', undefined, { corporate_name: [{ key: 'plan.corporate_search_unavailable' }] });
    }
    const outcome = searchOutcome(result.total);
    if (outcome === 'no_result') throw ServiceError.form({ corporate_name: [{ key: 'plan.corporate_search_no_result' }] });
    if (outcome === 'too_many') throw ServiceError.form({ corporate_name: [{ key: 'plan.corporate_search_too_many', params: { total: result.total } }] });
    const candidates = result.candidates.slice(0, MAX_CANDIDATES);
    const searchId = await this.applications.recordSearch(principal.region as TShard, { clientUuid: client.uuid, accountUuid: principal.account_uuid, query: name, candidates });
    return { search_id: searchId, total: result.total, candidates };
  }

  async contractInfo(principal: TPrincipal) {
    const client = await this.client(principal);
    return {
      // A company portal: a corporation unless the applicant says otherwise.
      contract_kind: 'corporation' as const,
      corporate_name: client.companyName, corporate_number: client.corporateNumber, location: client.location,
      representative: client.representative, search_available: client.region === 'jpn',
    };
  }

  /**
   * The contract info as it will be applied: a corporation's name, number and location are those
   * of a candidate of one of this client's searches (spec §5: fixed until searched again).
   */
  async checkContractInfo(principal: TPrincipal, info: TContractInfo): Promise<TContractInfoChecked> {
    const client = await this.client(principal);
    const base = { contract_kind: info.contract_kind, representative: info.representative };
    if (info.contract_kind === 'personal' || client.region !== 'jpn') {
      return { ...base, corporate_name: info.corporate_name, corporate_number: '', location: '' };
    }
    if (!info.search_id || !info.corporate_number) throw ServiceError.form({ corporate_number: [{ key: 'plan.corporate_search_required' }] });
    const candidates = await this.applications.findSearch(principal.region as TShard, client.uuid, info.search_id);
    const chosen = candidates?.find((c) => c.corporate_number === info.corporate_number);
    if (!chosen) throw ServiceError.form({ corporate_number: [{ key: 'plan.corporate_number_not_searched' }] });
    return { ...base, corporate_name: chosen.name, corporate_number: chosen.corporate_number, location: chosen.location };
  }

  private async choose(principal: TPrincipal, client: Client, choice: TPlanChoice): Promise<ValidChoice> {
    return this.validChoice(principal, client, choice, await this.catalogueFor(choice));
  }

  /** The plan-master rows of a choice (with their initial-cost rows) and their links, in one read. */
  private catalogueFor(choice: TPlanChoice): Promise<{ rows: CataloguePlan[]; links: CatalogueLink[] }> {
    return this.catalogue.choice(choiceIds(choice));
  }

  private validChoice(principal: TPrincipal, client: Client, choice: TPlanChoice, catalogue: { rows: CataloguePlan[]; links: CatalogueLink[] }): ValidChoice {
    const result = validateChoice(choice, catalogue.rows, catalogue.links, currencyOf(client.region), principal.language, principal.region);
    if (!result.ok) throw ServiceError.form(result.fields);
    return result.value;
  }

  /**
   * The terms of a choice against the client's open contracts of the product: the initial costs
   * it really charges (issue 22: not again on a change within a product it pays for, unless per
   * plan), timing and term, what cancelling today would bill, the review's deadline and the first
   * invoice. `valid` comes back settled: what the contract is created with.
   */
  private preview(principal: TPrincipal, client: Client, choice: TPlanChoice, chosen: ValidChoice, now: Date, open: ContractRecord[]): { preview: TApplyPreview; valid: ValidChoice } {
    const current = open.find((c) => contractStatus(c.status, c.effectiveFrom, c.endsOn, now) === 'active') ?? null;
    const sameAsCurrent = current && current.planId === chosen.plan.id
      && [...current.items.map((i) => i.planId)].sort().join() === [...chosen.items.map((i) => i.plan_id)].sort().join();
    if (sameAsCurrent) throw ServiceError.form({ plan_id: [{ key: 'plan.same_plan' }] });
    const { valid, waived } = settleInitialCosts(chosen, current && current.monthlyAmount > 0 ? current.items.map((i) => i.planId) : null);
    // Paid by the master's amounts, as apply() decides (a waived initial cost does not make a plan free).
    const paid = chosen.monthlyAmount > 0 || chosen.oneTimeAmount > 0;
    const timing = changeTerms(now, paid, current ? terms(current, principal.language, principal.region) : null);
    const language = principal.language as TLanguage;
    const preview: TApplyPreview = {
      product: choice.product, plan_id: valid.plan.id, plan_name: planName(valid.plan, language, principal.region), currency: currencyOf(client.region),
      items: valid.items, grants: valid.grants, monthly_amount: valid.monthlyAmount, one_time_amount: valid.oneTimeAmount, review_required: paid,
      ...timing,
      payment_required: false,
      cancel_preview: paid && timing.billing_start ? cancelTerms(now, { effectiveFrom: timing.effective_from, billingStart: timing.billing_start, monthlyAmount: valid.monthlyAmount }) : null,
      review_deadline: paid ? completionDeadline(timing.effective_from) : null,
      waived_initial_costs: waived,
    };
    const replaced = current && timing.replaces?.contract_id === current.id ? current : null;
    preview.first_invoice = firstInvoice(preview, replaced?.monthlyAmount ?? 0, renderMessage(language, 'plan.penalty_line', { plan: timing.replaces?.plan_name ?? '' }));
    return { preview, valid };
  }

  async applyInfo(principal: TPrincipal, choice: TPlanChoice): Promise<TApplyPreview> {
    // The client, the plan-master rows and the client's contracts are read side by side (one round
    // trip's wait instead of five in a row); their failures are still reported in the order below.
    const catalogue = this.catalogueFor(choice);
    const contracts = principal.client_uuid ? this.contracts.listForClient(principal.region as TShard, principal.client_uuid) : Promise.resolve([]);
    catalogue.catch(() => undefined);
    contracts.catch(() => undefined);
    const client = await this.client(principal);
    const chosen = this.validChoice(principal, client, choice, await catalogue);
    this.checkEligible(principal, client, chosen.monthlyAmount > 0 || chosen.oneTimeAmount > 0);
    const open = (await contracts).filter((c) => c.product === choice.product);
    const { preview } = this.preview(principal, client, choice, chosen, this.clock.now(), open);
    // Billing prices the first invoice and says whether the payment step is needed, side by side.
    const [nextInvoice, paymentRequired, metered] = await Promise.all([
      this.nextInvoice(preview), preview.review_required ? this.paymentRequired(principal) : false,
      // Issue 23: the metered items with the client's usage of the product this month so far.
      client.uuid ? this.metered.views(principal.region as TShard, client.uuid, preview.items.map((i) => ({ key: i.plan_id, product: choice.product, planId: i.plan_id, amount: i.amount }))) : new Map<string, TMeteredView>(),
    ]);
    const items = preview.items.map((i) => (metered.has(i.plan_id) ? { ...i, metered: metered.get(i.plan_id)! } : i));
    return { ...preview, items, next_invoice: nextInvoice, payment_required: paymentRequired };
  }

  /**
   * Issue 23: each cancel dialog's last invoice: the regular lines of the month the contract would
   * end in and the penalty, priced with tax by billing's quote (the principal's country; one quote
   * per cancellable contract, side by side). Billing not answering leaves the lines unpriced.
   */
  private async priceCancellations(rows: ContractRecord[], views: TContractView[], region: TRegion): Promise<void> {
    await Promise.all(views.map(async (view, i) => {
      const preview = view.cancel_preview;
      const c = rows[i]!;
      if (!preview) return;
      const { month, lines } = cancellationLines({ ...c, penaltyMonths: 0 }, { endsOn: preview.ends_on, penaltyMonths: preview.penalty_months }, region);
      const billed = lines.filter((l) => l.unit_amount_minor * l.quantity > 0);
      let invoice: TCancelLastInvoice['invoice'] = null;
      if (billed.length > 0) {
        try {
          invoice = (await ask(this.transport, INTERNAL_ROUTES.invoiceQuote, {
            invoice_date: invoiceDateOf(month),
            lines: billed.map((l) => ({ amount_minor: l.unit_amount_minor * l.quantity, currency: c.currency as TCurrency, tax_category: 'standard' as const })),
          })).invoice;
        } catch (error) {
          this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'cancellation invoice not priced');
        }
      }
      preview.last_invoice = {
        month, billing_date: invoiceBillingDate(month), invoice,
        lines: billed.map((l) => ({
          kind: l.kind, product: l.product, name: l.name, quantity: l.quantity, unit_amount_minor: l.unit_amount_minor,
          amount_minor: l.unit_amount_minor * l.quantity, period_from: l.period_from, period_to: l.period_to,
        })),
      };
    }));
  }

  /**
   * Issue 22: whether the payment step must come first (billing info or a usable method missing,
   * and no reseller billing the client). Billing not answering counts as required: the step then
   * asks again, and the application itself checks on the server.
   */
  private async paymentRequired(principal: TPrincipal): Promise<boolean> {
    try {
      return (await this.payment.state(principal)).payment_required;
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'payment state not read for the preview');
      return true;
    }
  }

  /**
   * Issue 11, slice C1: the first invoice after the change, priced by billing with the client's
   * country's tax and the standard FX rate, issued on the first of its month (the billing run's
   * day), with the first invoice's lines (issue 22; all taxed at the standard rate). A preview
   * without it is still a preview: billing's failure leaves it null.
   */
  private async nextInvoice(preview: TApplyPreview): Promise<TApplyPreview['next_invoice']> {
    const lines = (preview.first_invoice?.lines ?? []).filter((l) => l.amount > 0);
    if (!preview.first_invoice || lines.length === 0) return null;
    try {
      const { invoice } = await ask(this.transport, INTERNAL_ROUTES.invoiceQuote, {
        invoice_date: `${preview.first_invoice.month}-01`,
        lines: lines.map((l) => ({ amount_minor: l.amount * l.quantity, currency: preview.currency, tax_category: 'standard' as const })),
      });
      return invoice;
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'next invoice not priced');
      return null;
    }
  }

  async apply(principal: TPrincipal, input: TApplyRequest) {
    const client = await this.client(principal);
    const shard = principal.region as TShard;
    const chosen = await this.choose(principal, client, input);
    // Paid is decided by the master's amounts (an initial cost waived on a change does not make a paid plan free).
    const paid = chosen.monthlyAmount > 0 || chosen.oneTimeAmount > 0;
    this.checkEligible(principal, client, paid);
    // Issue 22: a paid plan needs billing info and a usable payment method on file first (unless the reseller bills the client).
    if (paid) {
      const refusal = paymentRefusal(await this.payment.state(principal));
      if (refusal) throw new ServiceError(AccessCode.FORM_ERROR, refusal.key, undefined, refusal.fields);
    }
    const contract = await this.checkContractInfo(principal, input.contract);
    const applicant = await this.applicant(principal);
    const now = this.clock.now();
    const language = principal.language;
    await this.agreements.check(principal, input);
    const versions = await this.agreements.versions(language, principal.region);

    const result = await this.uow.run(shard, async (tx) => {
      // The review state is checked and set in the same statement: a second application meanwhile loses.
      if (paid && !(await this.applications.startReview(tx, client.uuid))) {
        const type = await this.applications.licenceType(tx, client.uuid);
        throw new ServiceError(AccessCode.FORM_ERROR, type === 'rejected' ? 'plan.rejected' : 'plan.under_review');
      }
      if (!paid && (await this.applications.licenceType(tx, client.uuid)) === 'reviewing') throw new ServiceError(AccessCode.FORM_ERROR, 'plan.under_review');
      const open = await this.contracts.openForProduct(tx, client.uuid, input.product);
      const { preview, valid } = this.preview(principal, client, input, chosen, now, open);
      // A change that has not taken effect yet (scheduled) is replaced: "plan change changed".
      const pendingChange = open.filter((c) => contractStatus(c.status, c.effectiveFrom, c.endsOn, now) === 'scheduled');
      const application = await this.applications.create(tx, {
        clientUuid: client.uuid, accountUuid: principal.account_uuid, applicantEmail: applicant?.email ?? null, applicantName: applicant?.name ?? '',
        language, product: input.product, planId: valid.plan.id, optionIds: valid.options.map((o) => o.id), contractKind: contract.contract_kind,
        corporateName: contract.corporate_name, corporateNumber: contract.corporate_number, location: contract.location,
        representative: contract.representative, searchId: input.contract.search_id ?? null, currency: preview.currency,
        monthlyAmount: valid.monthlyAmount, effectiveFrom: preview.effective_from, status: paid ? 'reviewing' : 'applied',
        previousLicenceType: client.licenceType === 'reviewing' ? 'normal' : client.licenceType,
      });
      await this.contracts.create(tx, {
        clientUuid: client.uuid, product: input.product, planId: valid.plan.id, currency: preview.currency, monthlyAmount: valid.monthlyAmount,
        status: paid ? 'reviewing' : 'scheduled', applicationId: application.id, effectiveFrom: preview.effective_from,
        billingStart: preview.billing_start, minimumTermEnd: preview.minimum_term_end, grants: valid.grants,
        // Every item keeps the master's names in every language (issue 22: initial costs too, which
        // kept only the applicant's language, and the Japanese name under it when that was missing).
        // By plan id: settling the initial costs may have taken items out, so the rows no longer line up.
        items: valid.items.map((i) => ({ planId: i.plan_id, type: i.type, name: valid.rows.find((r) => r.id === i.plan_id)!.name, amount: i.amount })),
      });
      // A free plan takes over at once; a paid one when the operator allows it.
      if (!paid) {
        await this.replaceOpen(tx, open, preview, now);
        await grantProducts(tx, shard, { clientUuid: client.uuid, accountUuid: principal.account_uuid, products: valid.grants });
      }
      await this.agreements.record(tx, { clientUuid: client.uuid, accountUuid: principal.account_uuid, versions });
      await recordOperation(tx, {
        shard, clientUuid: client.uuid, accountUuid: principal.account_uuid,
        operation: pendingChange.length ? 'plan_change_changed' : 'plan_change_applied',
        detail: {
          product: input.product, plan: preview.plan_name, options: valid.options.map((o) => planName(o, language, shard)),
          effective_from: preview.effective_from, ...(paid ? { review: 'required' } : {}),
          ...(preview.penalty_months ? { penalty_months: preview.penalty_months } : {}),
        },
      });
      if (paid && applicant?.email) {
        await requestMail(tx, shard, {
          to: applicant.email, template: 'plan_application_received', language, recipient: applicant.name,
          params: { company: client.companyName, product: productName(input.product), plan: preview.plan_name, effective_from: preview.effective_from, url: publicUrl('/plan/list') },
        });
      }
      return { application_id: application.id, status: paid ? 'reviewing' as const : 'applied' as const, preview };
    });
    return result;
  }

  /**
   * The contracts a change takes over from: a scheduled one that has not started is ended
   * (replaced), the running one ends the day before the change (or, for a free plan replacing a
   * paid one, by the cancellation rule with its penalty).
   */
  async replaceOpen(tx: Tx, open: ContractRecord[], preview: Pick<TApplyPreview, 'effective_from' | 'replaces' | 'penalty_months'>, now: Date): Promise<void> {
    for (const c of open) {
      const status = contractStatus(c.status, c.effectiveFrom, c.endsOn, now);
      if (status === 'scheduled') {
        await this.contracts.end(tx, c.id, addDays(c.effectiveFrom, -1), { status: 'ended' });
      } else if (status === 'active' || status === 'cancelling') {
        const endsOn = preview.replaces?.contract_id === c.id ? preview.replaces.ends_on : addDays(preview.effective_from, -1);
        if (c.endsOn && c.endsOn <= endsOn) continue;
        await this.contracts.end(tx, c.id, endsOn, preview.penalty_months && preview.replaces?.contract_id === c.id ? { penaltyMonths: preview.penalty_months } : {});
      }
    }
  }

  async cancel(principal: TPrincipal, contractId: string): Promise<TContractView> {
    const client = await this.client(principal);
    const shard = principal.region as TShard;
    const contract = await this.contracts.find(shard, client.uuid, contractId);
    if (!contract) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.contract_not_found');
    const now = this.clock.now();
    const status = contractStatus(contract.status, contract.effectiveFrom, contract.endsOn, now);
    if (!isCurrent(status) || contract.cancelFiledAt || contract.endsOn) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.not_cancellable');
    // The cancel dialog's rule (issue 22: one function): a paid contract keeps its minimum term even
    // before it starts; one without a paid term that has not started ends before it starts.
    const t = cancelTerms(now, contract);
    const endsBeforeStart = t.ends_on < contract.effectiveFrom;
    const updated = await this.uow.run(shard, async (tx) => {
      const written = await this.contracts.cancel(tx, client.uuid, contract.id, t.ends_on, now, t.penalty_months, endsBeforeStart ? 'ended' : 'cancelling');
      if (!written) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.not_cancellable');
      await recordOperation(tx, {
        shard, clientUuid: client.uuid, accountUuid: principal.account_uuid, operation: 'plan_cancelled',
        detail: { product: contract.product, plan: contractPlanName(contract, principal.language, shard), ends_on: t.ends_on, penalty_months: t.penalty_months },
      });
      return written;
    });
    return contractView(updated, principal.language, principal.region, now);
  }

  /** The applicant's email and name, to mail the outcome (none in a support login: the account is not the company's). */
  private async applicant(principal: TPrincipal): Promise<{ email: string; name: string } | null> {
    if (principal.proxy) return null;
    try {
      const { accounts } = await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids: [principal.account_uuid] });
      return accounts[0] ? { email: accounts[0].email, name: accounts[0].name } : null;
    } catch (err) {
      this.log.warn({ err }, 'applicant look-up failed; the outcome will not be mailed');
      return null;
    }
  }

  private async client(principal: TPrincipal): Promise<Client> {
    if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const found = await this.applications.client(principal.region as TShard, principal.client_uuid);
    if (!found) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return found;
  }
}

