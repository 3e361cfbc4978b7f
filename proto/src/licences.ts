import { z } from 'zod';
import { LANGUAGES, REGIONS, ZLanguage, ZProductId, ZRegion } from './enums.js';
import { ZProductKind } from './products.js';
import { ZAgreedVersions } from './terms.js';

/**
 * Issue 10, slice A: the catalogue (products and their texts), licences (free, trial, paid),
 * the services list's calls, the licence check the SSO asks, and product links with domains.
 * See docs/design/licence.md.
 */

/** The suggestion tabs of the services list (spec §2); "all" is the list itself. */
export const PRODUCT_TAGS = ['btob', 'btoc', 'partner', 'deals', 'web_marketing', 'dx', 'promotion', 'visualize', 'fan_marketing'] as const;
export const ZProductTag = z.enum(PRODUCT_TAGS);
export type TProductTag = z.infer<typeof ZProductTag>;

/** How a client holds a product: free licence, trial, or a paid contract (slice C). */
export const LICENCE_KINDS = ['free', 'trial', 'paid'] as const;
export const ZLicenceKind = z.enum(LICENCE_KINDS);
export type TLicenceKind = z.infer<typeof ZLicenceKind>;
/** Why a client has no live licence for a product. */
/** `eu_restricted` (issue 22): the client is marked as subject to the EU data-protection rule. */
export const LICENCE_REFUSALS = ['not_held', 'trial_ended', 'cancelled', 'eu_restricted'] as const;
export const ZLicenceRefusal = z.enum(LICENCE_REFUSALS);
export type TLicenceRefusal = z.infer<typeof ZLicenceRefusal>;

/** Trial length an operator may set (days). */
export const TRIAL_DAYS_MAX = 90;
/** A product description, per language. */
export const PRODUCT_DESCRIPTION_MAX = 500;

/** Internal `licence.access.check`: does the client hold a live licence for the product? */
export const ZLicenceCheckQuery = z.object({ client_uuid: z.uuid(), product: ZProductId });
/** Internal: may the caller (the principal of the request) open `product`? The whole list, not the page of 12. */
export const ZProductAccessQuery = z.object({ product: ZProductId });
export const ZProductAccess = z.object({ allowed: z.boolean() });
export const ZLicenceCheck = z.object({
  live: z.boolean(),
  kind: ZLicenceKind.nullable(),
  reason: ZLicenceRefusal.optional(),
});
export type TLicenceCheck = z.infer<typeof ZLicenceCheck>;

/**
 * The client's standing for one product of the services list: `in_use` (a live licence),
 * `trial_ended` (with the way to a paid plan), or `available` (trial and/or start-free buttons).
 */
export const SERVICE_STATES = ['in_use', 'trial_ended', 'available'] as const;
export const ZServiceState = z.enum(SERVICE_STATES);
export const ZServiceItem = z.object({
  id: ZProductId,
  kind: ZProductKind,
  description: z.string(),
  tags: z.array(ZProductTag),
  state: ZServiceState,
  licence: ZLicenceKind.nullable(),
  /** The last day of a trial (the client's region calendar), for a trial licence. */
  trial_ends_on: z.iso.date().nullable(),
  /** What the owner may start: a trial of N days (null once the client has used its one trial), and/or the free licence. */
  trial_days: z.number().int().nullable(),
  free_plan: z.boolean(),
  /**
   * Issue 22: the first day of a paid plan applied for and not yet in effect (under review or
   * scheduled; a Tokyo business date). A trial it was applied for during stays usable until then.
   */
  paid_from: z.iso.date().nullable(),
});
export type TServiceItem = z.infer<typeof ZServiceItem>;
/**
 * GET /v1/product/new_list (Japan's newer page) and GET /v1/product (the older page elsewhere):
 * services in use and services available in the client's region, every one of them in the
 * catalogue's order (issue 22: the page shows 12 cards per tab and the rest in its "more" view, so
 * that every product offered can be reached).
 */
export const ZServiceList = z.object({
  in_use: z.array(ZServiceItem),
  available: z.array(ZServiceItem),
  /** Whether the caller may start services (owners only, not in a support session). */
  can_start: z.boolean(),
  tags: z.array(ZProductTag),
  page: z.enum(['new', 'old']),
});
export type TServiceList = z.infer<typeof ZServiceList>;

/** POST /v1/product/start: start a trial or the free licence; the current terms must be agreed. */
export const ZServiceStart = z.object({
  product: ZProductId,
  kind: z.enum(['trial', 'free']),
  terms_agreed: z.literal(true),
  ...ZAgreedVersions,
});
export type TServiceStart = z.infer<typeof ZServiceStart>;
export const ZServiceStarted = z.object({ product: ZProductId, licence: ZLicenceKind, trial_ends_on: z.iso.date().nullable() });

/** The operator catalogue (GET /v1/operator/products, PUT /v1/operator/products). */
export const ZCatalogueProduct = z.object({
  id: ZProductId,
  kind: ZProductKind,
  trial_days: z.number().int().nullable(),
  free_plan: z.boolean(),
  regions: z.array(ZRegion),
  tags: z.array(ZProductTag),
  sort_order: z.number().int(),
  descriptions: z.partialRecord(ZLanguage, z.string()),
  updated_at: z.iso.datetime(),
});
export type TCatalogueProduct = z.infer<typeof ZCatalogueProduct>;
export const ZCatalogue = z.object({ products: z.array(ZCatalogueProduct) });
export const ZCatalogueUpdate = z.object({
  id: ZProductId,
  trial_days: z.number().int().min(1).max(TRIAL_DAYS_MAX).nullable(),
  regions: z.array(ZRegion).max(REGIONS.length),
  descriptions: z.partialRecord(ZLanguage, z.string().trim().max(PRODUCT_DESCRIPTION_MAX)),
});
export type TCatalogueUpdate = z.infer<typeof ZCatalogueUpdate>;
export const CATALOGUE_LANGUAGES = LANGUAGES;

/** Product link and domains (spec §4 "Product link", §5 "Domain must exist and be valid"). */
export const DOMAIN_MAX = 253;
/** Syntax only; whether it exists is the service's DNS look-up (40011 `domain.not_found`). */
export const ZDomainName = z.string().trim().toLowerCase().min(1).max(DOMAIN_MAX)
  .regex(/^(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/);
export const ZDomainLink = z.object({ domain: ZDomainName, products: z.array(ZProductId).min(1).max(20) });
/** DELETE takes its payload from the query string: one `keep` arrives as a string, several as an array. */
export const ZDomainUnlink = z.object({
  domain: ZDomainName,
  keep: z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(ZProductId).max(20)).optional().default([]),
});
export const ZClientDomains = z.object({
  domains: z.array(z.object({ domain: z.string(), products: z.array(ZProductId), verified_at: z.iso.datetime() })),
});
export type TClientDomains = z.infer<typeof ZClientDomains>;
