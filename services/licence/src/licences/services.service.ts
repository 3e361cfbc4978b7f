import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EU_RESTRICTED_KEY, Events, Headers, INTERNAL_ROUTES, PRODUCT_LIST_MAX, PRODUCT_TAGS, REGION_PROFILES, ZProductKind, ZProductTag, productName,
  type TPrincipal, type TServiceItem, type TServiceList, type TServiceStart, type TShard,
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
import { startRefusal, trialEndsOn } from './licences.rules.js';
import { mailDate, portalUrl, requestMail } from './mail.js';
import { TERMS_AGREEMENTS, type TermsAgreements } from './ports.js';

/** A product's description in the reader's language, else English, else Japanese. */
export function describe(row: CatalogueRow, language: string): string {
  const by = new Map(row.texts.map((t) => [t.language, t.description]));
  return by.get(language) ?? by.get('en-us') ?? by.get('ja-jp') ?? '';
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

  async list(principal: TPrincipal, page: 'new' | 'old'): Promise<TServiceList> {
    const clientUuid = requireClient(principal);
    const [catalogue, standings] = await Promise.all([this.licences.catalogue(), this.checks.standings(principal.region, clientUuid)]);
    const offered = catalogue.filter((p) => p.regions.includes(principal.region));
    const item = (p: CatalogueRow): TServiceItem => {
      const standing = standings.get(p.id);
      const check = standing?.check;
      const state = check?.live ? 'in_use' : check?.reason === 'trial_ended' ? 'trial_ended' : 'available';
      return {
        id: p.id as TServiceItem['id'],
        kind: ZProductKind.catch('unspecified').parse(p.kind),
        description: describe(p, principal.language),
        tags: p.tags.filter((t): t is TServiceItem['tags'][number] => ZProductTag.safeParse(t).success),
        state,
        licence: check?.kind ?? null,
        trial_ends_on: check?.kind === 'trial' ? (standing?.row?.trialEndsOn ?? null) : null,
        // An ended trial leads to a paid plan, not another trial.
        trial_days: state === 'available' && standing?.row?.kind !== 'trial' ? p.trialDays : null,
        free_plan: p.freePlan,
      };
    };
    const items = offered.map(item);
    const inUse = items.filter((i) => i.state !== 'available');
    const available = items.filter((i) => i.state === 'available').slice(0, Math.max(0, PRODUCT_LIST_MAX - inUse.length));
    return {
      in_use: inUse.slice(0, PRODUCT_LIST_MAX), available, page,
      can_start: principal.level === 3 && !principal.proxy,
      tags: page === 'new' ? [...PRODUCT_TAGS] : [],
    };
  }

  async start(principal: TPrincipal, input: TServiceStart) {
    const clientUuid = requireClient(principal);
    const shard = principal.region as TShard;
    const product = await this.licences.catalogueProduct(input.product);
    if (!product) throw ServiceError.form({ product: [{ key: 'product.not_offered' }] });
    const [current, existing] = await Promise.all([
      this.checks.check(principal.region, clientUuid, input.product),
      this.licences.licence(shard, clientUuid, input.product),
    ]);
    // Issue 22: no trial or free start for a client marked as subject to the EU data-protection rule.
    if (current.reason === 'eu_restricted') throw new ServiceError(AccessCode.FORM_ERROR, EU_RESTRICTED_KEY, undefined, { product: [{ key: EU_RESTRICTED_KEY }] });
    const refusal = startRefusal(product, principal.region, input.kind, current, existing);
    if (refusal) throw ServiceError.form({ product: [{ key: refusal, params: { product: productName(input.product) } }] });

    const now = this.clock.now();
    const ends = input.kind === 'trial' ? trialEndsOn(now, product.trialDays!, regionZone(principal)) : null;
    // The mails of the trial go to the owner who started it, in the language they used.
    const me = (await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids: [principal.account_uuid] })).accounts[0];
    await this.uow.run(shard, async (tx) => {
      await this.licences.start(tx, {
        clientUuid, product: input.product, kind: input.kind, startedAt: now, trialEndsOn: ends, startedBy: principal.account_uuid,
        notifyEmail: me?.email ?? null, notifyName: me?.name ?? null, notifyLanguage: principal.language,
      });
      await this.agreements.record(tx, { clientUuid, accountUuid: principal.account_uuid, kind: 'terms', language: principal.language });
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
