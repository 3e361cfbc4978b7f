import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EU_RESTRICTED_KEY, Events, Headers, INTERNAL_ROUTES, PRODUCT_TAGS, REGION_PROFILES, ZProductKind, ZProductTag, localizedText, productName,
  type TPrincipal, type TRegion, type TServiceItem, type TServiceList, type TServiceStart, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { LicenceCheckService } from './licence-check.service.js';
import { LicencesRepository, type CatalogueRow } from './licences.repository.js';
import { licenceState, startRefusal, trialEndsOn } from './licences.rules.js';
import { mailDate, portalUrl, requestMail } from './mail.js';
import { TERMS_AGREEMENTS, type TermsAgreements } from './ports.js';

/** A product's description for a reader of `language` in `region`, by proto's one fallback rule (never Japanese outside Japan). */
export function describe(row: CatalogueRow, language: string, region: TRegion): string {
  return localizedText(Object.fromEntries(row.texts.map((t) => [t.language, t.description])), language, region) ?? '';
}

/**
 * The services list (spec §2 /product, §4, §9) and starting a service: a trial of the product's
 * length or its free licence (the free plan). Only owners start services; the current terms must
 * be agreed (slice B records the agreement).
 */
@Injectable()
export class ServicesService {
  constructor(
    @Inject(LicencesRepository) private readonly licences: LicencesRepository,
    @Inject(LicenceCheckService) private readonly checks: LicenceCheckService,
    @Inject(TERMS_AGREEMENTS) private readonly agreements: TermsAgreements,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Every product offered in the client's region, in the catalogue's order: the page shows 12
   * cards per tab and the others in its "more" view (issue 22: with the list cut at 12 here, the
   * last products of the catalogue showed on no tab). A trial is offered once per client, ever.
   */
  async list(principal: TPrincipal, page: 'new' | 'old'): Promise<TServiceList> {
    const clientUuid = requireClient(principal);
    const [catalogue, standings, trialsHad] = await Promise.all([
      this.licences.catalogue(), this.checks.standings(principal.region, clientUuid), this.licences.trialsOf(principal.region as TShard, clientUuid),
    ]);
    const offered = catalogue.filter((p) => p.regions.includes(principal.region));
    const item = (p: CatalogueRow): TServiceItem => {
      const standing = standings.get(p.id);
      const check = standing?.check;
      const state = check?.live ? 'in_use' : check?.reason === 'trial_ended' ? 'trial_ended' : 'available';
      return {
        id: p.id as TServiceItem['id'],
        kind: ZProductKind.catch('unspecified').parse(p.kind),
        description: describe(p, principal.language, principal.region),
        tags: p.tags.filter((t): t is TServiceItem['tags'][number] => ZProductTag.safeParse(t).success),
        state,
        licence: check?.kind ?? null,
        trial_ends_on: check?.kind === 'trial' ? (standing?.row?.trialEndsOn ?? null) : null,
        // An ended trial leads to a paid plan, not another trial.
        trial_days: state === 'available' && !trialsHad.has(p.id) ? p.trialDays : null,
        free_plan: p.freePlan,
        paid_from: standing?.paidFrom ?? null,
      };
    };
    const items = offered.map(item);
    return {
      in_use: items.filter((i) => i.state !== 'available'), available: items.filter((i) => i.state === 'available'), page,
      can_start: principal.level === 3 && !principal.proxy,
      tags: page === 'new' ? [...PRODUCT_TAGS] : [],
    };
  }

  /**
   * Starts a trial or the free licence, atomically (issue 22): the starts of one (client,
   * product) are serialised by an advisory lock and decided inside the transaction on what the
   * one before committed, and a trial is recorded in `trials` under its primary key. Ten
   * concurrent starts give one licence, one trial, one log entry, one event and one mail; the
   * others are refused as already started.
   */
  async start(principal: TPrincipal, input: TServiceStart) {
    const clientUuid = requireClient(principal);
    const shard = principal.region as TShard;
    const product = await this.licences.catalogueProduct(input.product);
    if (!product) throw ServiceError.form({ product: [{ key: 'product.not_offered' }] });
    const refuse = (key: string) => ServiceError.form({ product: [{ key, params: { product: productName(input.product) } }] });
    // A paid contract (or a trial it carries on) is read before the transaction: it is not what
    // concurrent starts race for, and the transaction then holds one connection only.
    const current = await this.checks.check(principal.region, clientUuid, input.product);
    // Issue 22: no trial or free start for a client marked as subject to the EU data-protection rule.
    if (current.reason === 'eu_restricted') throw new ServiceError(AccessCode.FORM_ERROR, EU_RESTRICTED_KEY, undefined, { product: [{ key: EU_RESTRICTED_KEY }] });
    if (current.live) throw refuse('product.already_started');
    await this.agreements.check(principal, input);

    const now = this.clock.now();
    const ends = input.kind === 'trial' ? trialEndsOn(now, product.trialDays ?? 1, regionZone(principal)) : null;
    // The mails of the trial go to the owner who started it, in the language they used.
    const me = (await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids: [principal.account_uuid] })).accounts[0];
    await this.uow.run(shard, async (tx) => {
      await this.licences.lockStart(tx, clientUuid, input.product);
      const [existing, trialUsed] = await Promise.all([
        this.licences.licenceIn(tx, clientUuid, input.product), this.licences.trialUsedIn(tx, clientUuid, input.product),
      ]);
      const current = licenceState(existing, this.checks.today(principal.region), false);
      const refusal = startRefusal(product, principal.region, input.kind, current, trialUsed);
      if (refusal) throw refuse(refusal);
      if (ends && !(await this.licences.recordTrial(tx, { clientUuid, product: input.product, startedAt: now, endsOn: ends, startedBy: principal.account_uuid }))) {
        throw refuse('product.trial_used');
      }
      await this.licences.start(tx, {
        clientUuid, product: input.product, kind: input.kind, startedAt: now, trialEndsOn: ends, startedBy: principal.account_uuid,
        notifyEmail: me?.email ?? null, notifyName: me?.name ?? null, notifyLanguage: principal.language,
      });
      await this.agreements.record(tx, { clientUuid, accountUuid: principal.account_uuid, kind: 'terms', language: principal.language, region: principal.region });
      await recordOperation(tx, {
        shard, clientUuid, accountUuid: principal.account_uuid,
        operation: input.kind === 'trial' ? 'trial_started' : 'service_started',
        detail: { product: input.product, licence_kind: input.kind, ...(ends ? { trial_ends_on: ends } : {}), terms_agreed: true },
      });
      await enqueueEvent(tx, Events.licence.serviceStarted, { client_uuid: clientUuid, account_uuid: principal.account_uuid, product: input.product }, {
        [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
      });
      if (me?.email) {
        await requestMail(tx, shard, {
          to: me.email, template: input.kind === 'trial' ? 'trial_started' : 'service_started', language: principal.language, recipient: me.name,
          params: { product: productName(input.product), ends_on: ends ? mailDate(ends, principal.language) : '', url: portalUrl('/product') },
        });
      }
    });
    return { product: input.product, licence: input.kind, trial_ends_on: ends };
  }
}

export function requireClient(principal: TPrincipal): string {
  if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
  return principal.client_uuid;
}

export function regionZone(principal: Pick<TPrincipal, 'region'>): string {
  return REGION_PROFILES[principal.region].timeZone;
}
