-- Issue 13, slice A: usage ingestion and rollups (docs/design/usage.md).

-- Per-product signing keys (global shard): AES-256-GCM ciphertext, never the key in clear.
CREATE TABLE "product_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "product" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    CONSTRAINT "product_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "product_keys_key_id_key" ON "product_keys"("key_id");
CREATE INDEX "product_keys_product_idx" ON "product_keys"("product", "created_at" DESC);

-- Event ids already counted (region shards), pruned after 8 days (late events are taken up to 7).
CREATE TABLE "usage_events_seen" (
    "event_id" UUID NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "usage_events_seen_pkey" PRIMARY KEY ("event_id")
);
CREATE INDEX "usage_events_seen_seen_at_idx" ON "usage_events_seen"("seen_at");

-- Daily rollups: (client, product, metric, dimension, value, day) -> count. dimension '' and
-- dimension_value '' is the metric's total; dimension 'url' carries page views per page (title).
CREATE TABLE "usage_daily" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "dimension_value" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" BIGINT NOT NULL,
    "title" TEXT,
    CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("client_uuid", "product", "metric", "dimension", "dimension_value", "day")
);
CREATE INDEX "usage_daily_day_idx" ON "usage_daily"("client_uuid", "product", "day");

-- Distinct users: one HyperLogLog sketch (precision 14, 16,384 one-byte registers) per client, product and day.
CREATE TABLE "usage_distinct" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "sketch" BYTEA NOT NULL,
    CONSTRAINT "usage_distinct_pkey" PRIMARY KEY ("client_uuid", "product", "day")
);

-- Freshness per client and product: when the consumer last applied a batch, the newest event,
-- how many events were counted and how many were dropped as too old.
CREATE TABLE "usage_watermarks" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,
    "last_event_at" TIMESTAMPTZ(3) NOT NULL,
    "events" BIGINT NOT NULL DEFAULT 0,
    "dropped" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "usage_watermarks_pkey" PRIMARY KEY ("client_uuid", "product")
);
