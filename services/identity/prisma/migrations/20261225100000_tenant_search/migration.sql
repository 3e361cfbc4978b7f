-- Issue 25 point 4: the back office's one search asks identity for the companies whose accounts
-- match a term (TenantSearchRepository). The email already has its pg_trgm GIN index (migration
-- 20261125140000_list_indexes_and_retention); a person's name is matched in either order with the
-- spaces left out, so both concatenations get one. A term too short for a trigram matches a whole
-- family or given name, case-insensitively.
CREATE INDEX "accounts_family_given_trgm_idx" ON "accounts" USING gin (("family_name" || "given_name") public.gin_trgm_ops);
CREATE INDEX "accounts_given_family_trgm_idx" ON "accounts" USING gin (("given_name" || "family_name") public.gin_trgm_ops);
CREATE INDEX "accounts_family_name_lower_idx" ON "accounts" (lower("family_name"));
CREATE INDEX "accounts_given_name_lower_idx" ON "accounts" (lower("given_name"));
-- A partner's search is bounded to its clients: tenants by their agency.
CREATE INDEX "tenants_partner_uuid_idx" ON "tenants" ("partner_uuid");
