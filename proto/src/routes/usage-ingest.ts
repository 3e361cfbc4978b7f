import { z } from 'zod';
import { OPERATOR_ONLY } from '../policy.js';
import { Subjects } from '../subjects.js';
import { INGEST_PRODUCT_IDS } from '../usage-events.js';
import { route } from './route.js';

/**
 * Issue 13, slice A: operators' product signing keys for the ingestion endpoint
 * (`POST /ingest/v1/events`, outside /v1). A key is shown once, when it is made; making a new one
 * for a product that has one is a rotation: the old key keeps working for the overlap window.
 */
export const ZIngestProduct = z.enum(INGEST_PRODUCT_IDS);

export const ZProductKeyCreate = z.object({ product: ZIngestProduct });

export const ZProductKeyCreated = z.object({
  product: ZIngestProduct,
  key_id: z.string(),
  /** The signing key, hex: shown this once, never again. */
  secret: z.string(),
  created_at: z.iso.datetime(),
  /** When the key it replaced stops being accepted (null: there was none). */
  previous_expires_at: z.iso.datetime().nullable(),
});
export type TProductKeyCreated = z.infer<typeof ZProductKeyCreated>;

export const ZProductKeyRow = z.object({
  product: ZIngestProduct,
  /** The current key (null: the product has none, so its events are refused). */
  key_id: z.string().nullable(),
  created_at: z.iso.datetime().nullable(),
  /** A rotated-out key still accepted until this time (null: none). */
  previous_key_id: z.string().nullable(),
  previous_expires_at: z.iso.datetime().nullable(),
});
export const ZProductKeyList = z.object({ products: z.array(ZProductKeyRow) });
export type TProductKeyList = z.infer<typeof ZProductKeyList>;

export const USAGE_INGEST_ROUTES = {
  productKeyList: route({
    method: 'GET', path: '/operator/product_keys', policy: OPERATOR_ONLY, subject: Subjects.usageIngest.productKeyList,
    request: z.object({}), response: ZProductKeyList,
    summary: 'Operator: each product with a usage dashboard, its current ingestion signing key id (never the key) and a rotated-out key still accepted.',
  }),
  productKeyCreate: route({
    method: 'POST', path: '/operator/product_keys', policy: OPERATOR_ONLY, subject: Subjects.usageIngest.productKeyCreate,
    request: ZProductKeyCreate, response: ZProductKeyCreated,
    summary: 'Operator: make a product\'s ingestion signing key (shown once in the answer). A product that has a key gets a new one; the old one is accepted for the overlap window (PRODUCT_KEY_OVERLAP_HOURS).',
  }),
} as const;

/** Internal: the keys that verify a product's signatures now (the gateway's ingestion endpoint). */
export const ZIngestKeysQuery = z.object({ product: z.string().max(40) });
export const ZIngestKeys = z.object({ keys: z.array(z.object({ key_id: z.string(), secret: z.string() })) });
