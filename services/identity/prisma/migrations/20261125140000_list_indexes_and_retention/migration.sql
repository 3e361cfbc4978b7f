-- pg_trgm for substring search (ILIKE '%q%') of names and emails. One extension per database,
-- in schema public (shards may be schemas of one database); the lock keeps the shards' migrations,
-- which run side by side, from creating it twice.
SELECT pg_advisory_xact_lock(hashtext('portal:create-extension:pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- The user list's search: email, family and given name contain q; or a product id exactly.
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" public.gin_trgm_ops);
CREATE INDEX "accounts_family_name_trgm_idx" ON "accounts" USING gin ("family_name" public.gin_trgm_ops);
CREATE INDEX "accounts_given_name_trgm_idx" ON "accounts" USING gin ("given_name" public.gin_trgm_ops);
CREATE INDEX "accounts_products_idx" ON "accounts" USING gin ("products");

-- The user list's sorts, within a company (the uuid breaks ties). The plain tenant index is
-- covered by these.
DROP INDEX IF EXISTS "accounts_tenant_uuid_idx";
CREATE INDEX "accounts_tenant_name_idx" ON "accounts"("tenant_uuid", "family_name", "given_name", "uuid");
CREATE INDEX "accounts_tenant_given_name_idx" ON "accounts"("tenant_uuid", "given_name", "family_name", "uuid");
CREATE INDEX "accounts_tenant_email_idx" ON "accounts"("tenant_uuid", "email", "uuid");
CREATE INDEX "accounts_tenant_status_idx" ON "accounts"("tenant_uuid", "status", "uuid");
CREATE INDEX "accounts_tenant_created_at_idx" ON "accounts"("tenant_uuid", "created_at", "uuid");
CREATE INDEX "accounts_tenant_authority_idx" ON "accounts"("tenant_uuid", "authority", "created_at", "uuid");

-- Retention (src/retention): published outbox rows, processed-event ids, ended or expired
-- sessions, used, closed or expired one-time tokens, each after its period.
CREATE INDEX "outbox_published_idx" ON "outbox"("published_at") WHERE (published_at IS NOT NULL);
CREATE INDEX "processed_events_processed_at_idx" ON "processed_events"("processed_at");
CREATE INDEX "sessions_ended_at_idx" ON "sessions"("ended_at") WHERE (ended_at IS NOT NULL);
CREATE INDEX "sessions_absolute_expires_at_idx" ON "sessions"("absolute_expires_at");
CREATE INDEX "one_time_tokens_expires_at_idx" ON "one_time_tokens"("expires_at");
