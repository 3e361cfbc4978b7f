-- pg_trgm for the client list's company-name search (ILIKE '%q%'). One extension per database,
-- in schema public (shards may be schemas of one database); the lock keeps the shards' migrations,
-- which run side by side, from creating it twice.
SELECT pg_advisory_xact_lock(hashtext('portal:create-extension:pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX "clients_company_name_trgm_idx" ON "clients" USING gin ("company_name" public.gin_trgm_ops);

-- The client list's sorts (text by code point, COLLATE "C", as the list merges shards in that
-- order; uuid breaks ties): a partner's clients, and every client (the operator).
CREATE INDEX "clients_partner_company_name_idx" ON "clients"("partner_uuid", "company_name" COLLATE "C", "uuid");
CREATE INDEX "clients_partner_region_idx" ON "clients"("partner_uuid", "region" COLLATE "C", "uuid");
CREATE INDEX "clients_partner_contract_type_idx" ON "clients"("partner_uuid", "contract_type" COLLATE "C", "uuid");
CREATE INDEX "clients_partner_status_idx" ON "clients"("partner_uuid", "status" COLLATE "C", "uuid");
CREATE INDEX "clients_partner_created_at_idx" ON "clients"("partner_uuid", "created_at", "uuid");
CREATE INDEX "clients_company_name_idx" ON "clients"("company_name" COLLATE "C", "uuid");
CREATE INDEX "clients_region_idx" ON "clients"("region" COLLATE "C", "uuid");
CREATE INDEX "clients_contract_type_idx" ON "clients"("contract_type" COLLATE "C", "uuid");
CREATE INDEX "clients_status_idx" ON "clients"("status" COLLATE "C", "uuid");
CREATE INDEX "clients_created_at_idx" ON "clients"("created_at", "uuid");

-- Retention (services/common/src/db/retention.ts).
CREATE INDEX "outbox_published_idx" ON "outbox"("published_at") WHERE (published_at IS NOT NULL);
CREATE INDEX "processed_events_processed_at_idx" ON "processed_events"("processed_at");
