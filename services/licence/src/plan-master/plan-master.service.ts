import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  AccessCode, REGION_PROFILES, ZRegion, isPackage, localizedText, planRole, type ApiReply, type ApiRequest, type TClientPlanItem, type TCurrency,
  type TLanguage, type TPlanView, type TPrincipal, type TProductId, type TRegion,
} from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { recordOperation } from '@portal/service-common/audit';
import { ServiceError } from '@portal/service-common/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx } from '../db.js';
import {
  amountIn, grantsNotOffered, isCompleteOrder, isOfferedToClients, isOperable, isPackagePlan, validatePlan, type PlanCandidate,
} from './plan-master.rules.js';
import { PLAN_USAGE, noPlanUsage, type PlanUsage } from './plan-usage.js';
import { PlansRepository, type PlanLinks, type PlanRecord } from './plans.repository.js';

const EMPTY_LINKS: PlanLinks = { contractable: [], exclusive: [] };

function view(row: PlanRecord, links: PlanLinks, inUse: number): TPlanView {
  return {
    id: row.id, product: row.product, name: row.name, type: row.type, scheme: row.scheme, status: row.status, contract_kind: row.contractKind,
    billing_type: row.billingType, amount_jpy: row.amountJpy, amount_usd: row.amountUsd, initial_cost_plan_id: row.initialCostPlanId, per_plan: row.perPlan,
    unit_value: row.unitValue, unit: row.unit, range_lower: row.rangeLower, range_upper: row.rangeUpper, explanation: row.explanation,
    grants: row.grants as TProductId[], sort_order: row.sortOrder, contractable: links.contractable, exclusive: links.exclusive, in_use: inUse, operable: isOperable(row.status),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}


type SaveInput = ApiRequest<'planMasterCreate'> | ApiRequest<'planMasterUpdate'>;

/** Plan master (slice B): the operator screens' list, create, edit and order; the client flow's base and option lists. */
@Injectable()
export class PlanMasterService {
  constructor(
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Optional() @Inject(PLAN_USAGE) private readonly usage: PlanUsage | null = null,
  ) {}

  private async views(rows: PlanRecord[]): Promise<TPlanView[]> {
    const ids = rows.map((r) => r.id);
    const [links, inUse] = await Promise.all([this.plans.linksOf(ids), (this.usage ?? noPlanUsage).countInUse(ids)]);
    return rows.map((r) => view(r, links.get(r.id) ?? EMPTY_LINKS, inUse.get(r.id) ?? 0));
  }

  async list(query: ApiRequest<'planMasterList'>): Promise<ApiReply<'planMasterList'>> {
    return { plans: await this.views(await this.plans.list(query)) };
  }

  async get(id: string): Promise<ApiReply<'planMasterGet'>> {
    const row = await this.plans.get(id);
    if (!row) throw ServiceError.form({ id: [{ key: 'plan.not_found' }] });
    return { plan: (await this.views([row]))[0]! };
  }

  /** Refuses the candidate with 40011 and field errors, before anything is written. */
  private async check(input: SaveInput): Promise<void> {
    const named = [...input.contractable, ...input.exclusive, ...(input.initial_cost_plan_id ? [input.initial_cost_plan_id] : [])];
    const related = new Map((await this.plans.getMany(named)).map((r) => [r.id, r]));
    const candidate: PlanCandidate = {
      id: input.id, product: input.product, name: input.name, type: input.type, scheme: input.scheme, status: input.status, billingType: input.billing_type,
      amountJpy: input.amount_jpy, amountUsd: input.amount_usd, unitValue: input.unit_value, unit: input.unit, rangeLower: input.range_lower,
      rangeUpper: input.range_upper, initialCostPlanId: input.initial_cost_plan_id, perPlan: input.per_plan, contractable: input.contractable, exclusive: input.exclusive,
      grants: input.grants,
    };
    const errors = validatePlan(candidate, related);
    if (Object.keys(errors).length > 0) throw ServiceError.form(errors);
  }

  private fields(input: SaveInput) {
    const clean = (texts: Partial<Record<string, string>>) => Object.fromEntries(Object.entries(texts).filter((e): e is [string, string] => !!e[1]));
    return {
      product: input.product, name: clean(input.name), type: input.type, scheme: input.scheme, status: input.status, contractKind: input.contract_kind,
      billingType: input.billing_type, amountJpy: input.amount_jpy, amountUsd: input.amount_usd, initialCostPlanId: input.initial_cost_plan_id,
      perPlan: input.per_plan,
      // Fixed billing has no unit or range.
      unitValue: input.billing_type === 'metered' ? input.unit_value : null, unit: input.billing_type === 'metered' ? input.unit : null,
      rangeLower: input.billing_type === 'metered' ? input.range_lower : null, rangeUpper: input.billing_type === 'metered' ? input.range_upper : null,
      explanation: clean(input.explanation),
      // Only a package's plan grants products (validatePlan refuses grants elsewhere); each once.
      grants: isPackagePlan(input) ? [...new Set(input.grants)] : [],
    };
  }

  async create(input: ApiRequest<'planMasterCreate'>): Promise<ApiReply<'planMasterCreate'>> {
    if (await this.plans.get(input.id)) throw ServiceError.form({ id: [{ key: 'plan.id_taken' }] });
    await this.check(input);
    try {
      await this.uow.run('global', async (tx) => {
        await this.plans.create(tx, { id: input.id, ...this.fields(input) });
        await this.plans.replaceLinks(tx, input.id, { contractable: input.contractable, exclusive: input.exclusive });
        await recordPlan(tx, 'plan_created', input.id, { plan: input.id, product: input.product });
      });
    } catch (err) {
      // Two operators creating the same id at once: the second is told, not given a 50000.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw ServiceError.form({ id: [{ key: 'plan.id_taken' }] });
      throw err;
    }
    return this.get(input.id);
  }

  async update(input: ApiRequest<'planMasterUpdate'>): Promise<ApiReply<'planMasterUpdate'>> {
    const current = await this.plans.get(input.id);
    if (!current) throw ServiceError.form({ id: [{ key: 'plan.not_found' }] });
    await this.check(input);
    const expected = input.expected_updated_at ? new Date(input.expected_updated_at) : undefined;
    await this.uow.run('global', async (tx) => {
      const written = await this.plans.update(tx, input.id, this.fields(input), expected);
      if (!written) throw new ServiceError(AccessCode.FORM_ERROR, 'plan.edited_meanwhile');
      await this.plans.replaceLinks(tx, input.id, { contractable: input.contractable, exclusive: input.exclusive });
      await recordPlan(tx, 'plan_updated', input.id, { plan: input.id, product: input.product });
    });
    return this.get(input.id);
  }

  async order(input: ApiRequest<'planMasterOrder'>): Promise<ApiReply<'planMasterOrder'>> {
    const current = (await this.plans.list({ product: input.product })).map((r) => r.id);
    if (!isCompleteOrder(current, input.ids)) throw ServiceError.form({ ids: [{ key: 'plan.order_incomplete' }] });
    await this.uow.run('global', async (tx) => {
      await this.plans.reorder(tx, input.product, input.ids);
      await recordPlan(tx, 'plans_reordered', null, { product: input.product });
    });
    return { product: input.product, ids: input.ids };
  }

  // ---- the client flow ----

  private currency(principal: TPrincipal): TCurrency {
    return REGION_PROFILES[ZRegion.parse(principal.region)].currency;
  }

  /**
   * A row as the client flow shows it: names and explanation in the caller's language by proto's
   * one fallback rule (English outside Japan, never Japanese; the id when no text is readable).
   */
  private item(row: PlanRecord, currency: TCurrency, language: TLanguage, region: TRegion, costs: Map<string, PlanRecord>, exclusive: string[]): TClientPlanItem | null {
    const amount = amountIn(row, currency);
    if (amount === null) return null;
    const cost = row.initialCostPlanId ? costs.get(row.initialCostPlanId) : undefined;
    const costAmount = cost && isOperable(cost.status) ? amountIn(cost, currency) : null;
    const text = (texts: Record<string, string>) => localizedText(texts, language, region);
    return {
      id: row.id, name: text(row.name) ?? row.id, type: row.type, contract_kind: row.contractKind, billing_type: row.billingType, currency, amount,
      unit_value: row.unitValue, unit: row.unit, range_lower: row.rangeLower, range_upper: row.rangeUpper, explanation: text(row.explanation) ?? '',
      initial_cost: cost && costAmount !== null ? { id: cost.id, name: text(cost.name) ?? cost.id, amount: costAmount } : null, exclusive,
      grants: row.grants as TProductId[],
    };
  }

  private async costsOf(rows: PlanRecord[]): Promise<Map<string, PlanRecord>> {
    const ids = rows.map((r) => r.initialCostPlanId).filter((id): id is string => !!id);
    return new Map((await this.plans.getMany(ids)).map((r) => [r.id, r]));
  }

  /**
   * GET /plan/base-list: the product's plans offered to clients and sold in the client's currency;
   * for a package (issue 22), only plans whose every product the client's region offers.
   */
  async baseList(principal: TPrincipal, query: ApiRequest<'planBaseList'>): Promise<ApiReply<'planBaseList'>> {
    const currency = this.currency(principal);
    const region = ZRegion.parse(principal.region);
    const language = requireContext().language as TLanguage;
    const rows = (await this.plans.list({ product: query.product, status: 'available', currency }))
      .filter((r) => planRole(r.type) === 'plan')
      .filter((r) => !isPackage(r.product) || (r.grants.length > 0 && grantsNotOffered(r.product, r.grants, region).length === 0));
    const costs = await this.costsOf(rows);
    const plans = rows.map((r) => this.item(r, currency, language, region, costs, [])).filter((i): i is TClientPlanItem => i !== null);
    return { product: query.product, currency, plans };
  }

  /** GET /plan/option-list: the options contractable with an offered plan, each with what it cannot be combined with. */
  async optionList(principal: TPrincipal, query: ApiRequest<'planOptionList'>): Promise<ApiReply<'planOptionList'>> {
    const currency = this.currency(principal);
    const region = ZRegion.parse(principal.region);
    const language = requireContext().language as TLanguage;
    const plan = await this.plans.get(query.plan_id);
    if (!plan || plan.product !== query.product || planRole(plan.type) !== 'plan' || !isOfferedToClients(plan.status) || amountIn(plan, currency) === null) {
      throw ServiceError.form({ plan_id: [{ key: 'plan.not_offered' }] });
    }
    const optionIds = (await this.plans.links(plan.id)).contractable;
    const options = (await this.plans.getMany(optionIds)).filter((r) => planRole(r.type) === 'option' && isOfferedToClients(r.status));
    const links = await this.plans.linksOf(options.map((o) => o.id));
    const offered = new Set(options.map((o) => o.id));
    const costs = await this.costsOf(options);
    const items = options
      .map((o) => this.item(o, currency, language, region, costs, (links.get(o.id)?.exclusive ?? []).filter((id) => offered.has(id))))
      .filter((i): i is TClientPlanItem => i !== null);
    return { product: query.product, plan_id: plan.id, currency, options: items };
  }
}

/** Issue 25: a plan-master change in the audit log (the global shard: plans are operator-wide). */
function recordPlan(tx: Tx, operation: string, id: string | null, detail: Record<string, unknown>): Promise<void> {
  return recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation, detail, target: { type: 'plan', id } });
}
