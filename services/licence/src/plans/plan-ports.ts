import { Events, Headers, type TLanguage, type TPrincipal, type TMailRequested, type TProductId, type TRegion, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';
import type { Tx } from '../db.js';
import type { CatalogueLink, CataloguePlan } from './plans.rules.js';

/**
 * What plan application needs from the plan master (slice B's PlansRepository, global shard):
 * rows by id and their links. An interface so that the rules and tests do not depend on B's
 * module layout.
 */
export interface PlanCatalogue {
  plans(ids: readonly string[]): Promise<CataloguePlan[]>;
  /** plans(ids), then plans() of the initial-cost rows they name that are not among them, and the links of ids: at once. */
  choice(ids: readonly string[]): Promise<{ rows: CataloguePlan[]; links: CatalogueLink[] }>;
}
export const PLAN_CATALOGUE = Symbol('PlanCatalogue');

/**
 * Records the terms and privacy agreements of an application in its transaction (slice B's
 * AgreementsRepository.record with the versions current in the language; docs/design/licence.md).
 */
export interface AgreementRecorder {
  /** Issue 25: refuses the application when a new version is pending and the request does not name the current one. */
  check(principal: TPrincipal, given: { terms_version?: number; privacy_version?: number }): Promise<void>;
  /** The versions to record, read before the transaction. */
  versions(language: TLanguage, region: TRegion): Promise<unknown>;
  record(tx: Tx, agreement: { clientUuid: string; accountUuid: string; versions: unknown }): Promise<void>;
}
export const AGREEMENT_RECORDER = Symbol('AgreementRecorder');

/** Queues a mail in the caller's transaction; the notification service sends it once. */
export async function requestMail(tx: RawExecutor, shard: TShard, mail: TMailRequested): Promise<void> {
  await enqueueEvent(tx, Events.notification.mailRequested, mail, {
    [Headers.region]: shard, [Headers.language]: mail.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
  });
}

/**
 * Issue 22: identity gives the applicant's account the products a package contract grants, as it
 * gives a trial's starter the product (events.licence.service.started, once per product), so the
 * owner can open them by SSO and see their dashboards once the contract is live. Identity grants
 * only to an account of the client (a support login's operator gets nothing).
 */
export async function grantProducts(tx: RawExecutor, shard: TShard, g: { clientUuid: string; accountUuid: string; products: readonly TProductId[] }): Promise<void> {
  for (const product of g.products) {
    await enqueueEvent(tx, Events.licence.serviceStarted, { client_uuid: g.clientUuid, account_uuid: g.accountUuid, product }, {
      [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
    });
  }
}

/** Links in mails: services/common's one rule (the visitor's host, else the region host's public URL). */
export { publicUrl } from '@portal/service-common/public-url';
