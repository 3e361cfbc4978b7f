import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  AccessCode, REGION_PROFILES, ZRegion, planRole, type ApiReply, type ApiRequest, type TClientPlanItem, type TCurrency, type TLanguage,
  type TPlanView, type TPrincipal,
} from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx } from '../db.js';
import { amountIn, isCompleteOrder, isOfferedToClients, isOperable, validatePlan, type PlanCandidate } from './plan-master.rules.js';
import { PLAN_USAGE, noPlanUsage, type PlanUsage } from './plan-usage.js';
import { PlansRepository, type PlanLinks, type PlanRecord } from './plans.repository.js';

const EMPTY_LINKS: PlanLinks = { contractable: [], exclusive: [] };

function view(row: PlanRecord, links: PlanLinks, inUse: number): TPlanView {
  return {
    id: row.id, product: row.product, name: row.name, type: row.type, scheme: row.scheme, status: row.status, contract_kind: row.contractKind,
    billing_type: row.billingType, amount_jpy: row.amountJpy, amount_usd: row.amountUsd, initial_cost_plan_id: row.initialCostPlanId, per_plan: row.perPlan,
    unit_value: row.unitValue, unit: row.unit, range_lower: row.rangeLower, range_upper: row.rangeUpper, explanation: row.explanation,
    sort_order: row.sortOrder, contractable: links.contractable, exclusive: links.exclusive, in_use: inUse, operable: isOperable(row.status),
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  };
}

/** A text of a language map: the language, else English, else Japanese. */
export function localText(texts: Record<string, string>, language: TLanguage): string {
  return texts[language] || texts['en-us'] || texts['ja-jp'] || '';
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
    };
  }

  async create(input: ApiRequest<'planMasterCreate'>): Promise<ApiReply<'planMasterCreate'>> {
    if (await this.plans.get(input.id)) throw ServiceError.form({ id: [{ key: 'plan.id_taken' }] });
    await this.check(input);
    try {
      await this.uow.run('global', async (tx) => {
        await this.plans.create(tx, { id: input.id, ...this.fields(input) });
        await this.plans.replaceLinks(tx, input.id, { contractable: input.contractable, exclusive: input.exclusive });
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
    });
    return this.get(input.id);
  }

  async order(input: ApiRequest<'planMasterOrder'>): Promise<ApiReply<'planMasterOrder'>> {
    const current = (await this.plans.list({ product: input.product })).map((r) => r.id);
    if (!isCompleteOrder(current, input.ids)) throw ServiceError.form({ ids: [{ key: 'plan.order_incomplete' }] });
    await this.uow.run('global', (tx) => this.plans.reorder(tx, input.product, input.ids));
    return { product: input.product, ids: input.ids };
  }

  // ---- the client flow ----

  private currency(principal: TPrincipal): TCurrency {
    return REGION_PROFILES[ZRegion.parse(principal.region)].currency;
  }

  private item(row: PlanRecord, currency: TCurrency, language: TLanguage, costs: Map<string, PlanRecord>, exclusive: string[]): TClientPlanItem | null {
    const amount = amountIn(row, currency);
    if (amount === null) return null;
    const cost = row.initialCostPlanId ? costs.get(row.initialCostPlanId) : undefined;
    const costAmount = cost && isOperable(cost.status) ? amountIn(cost, currency) : null;
    return {
      id: row.id, name: localText(row.name, language), type: row.type, contract_kind: row.contractKind, billing_type: row.billingType, currency, amount,
      unit_value: row.unitValue, unit: row.unit, range_lower: row.rangeLower, range_upper: row.rangeUpper, explanation: localText(row.explanation, language),
      initial_cost: cost && costAmount !== null ? { id: cost.id, name: localText(cost.name, language), amount: costAmount } : null, exclusive,
    };
  }

  private async costsOf(rows: PlanRecord[]): Promise<Map<string, PlanRecord>> {
    const ids = rows.map((r) => r.initialCostPlanId).filter((id): id is string => !!id);
    return new Map((await this.plans.getMany(ids)).map((r) => [r.id, r]));
  }

  /** GET /plan/base-list: the product's plans offered to clients and sold in the client's currency. */
  async baseList(principal: TPrincipal, query: ApiRequest<'planBaseList'>): Promise<ApiReply<'planBaseList'>> {
    const currency = this.currency(principal);
    const language = requireContext().language as TLanguage;
    const rows = (await this.plans.list({ product: query.product, status: 'available', currency })).filter((r) => planRole(r.type) === 'plan');
    const costs = await this.costsOf(rows);
    const plans = rows.map((r) => this.item(r, currency, language, costs, [])).filter((i): i is TClientPlanItem => i !== null);
    return { product: query.product, currency, plans };
  }

  /** GET /plan/option-list: the options contractable with an offered plan, each with what it cannot be combined with. */
  async optionList(principal: TPrincipal, query: ApiRequest<'planOptionList'>): Promise<ApiReply<'planOptionList'>> {
    const currency = this.currency(principal);
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
      .map((o) => this.item(o, currency, language, costs, (links.get(o.id)?.exclusive ?? []).filter((id) => offered.has(id))))
      .filter((i): i is TClientPlanItem => i !== null);
    return { product: query.product, plan_id: plan.id, currency, options: items };
  }
}
