-- Issue 25 point 4: the partner list's one search (global shard): part of the company name, the
-- owner's email, or the owner's name in either order with the spaces left out. pg_trgm exists
-- already (migration 20261125140000_client_list_indexes); the clients' company name has its GIN
-- index there.
CREATE INDEX "partners_name_trgm_idx" ON "partners" USING gin ("name" public.gin_trgm_ops);
CREATE INDEX "partners_owner_email_trgm_idx" ON "partners" USING gin ("owner_email" public.gin_trgm_ops);
CREATE INDEX "partners_owner_family_given_trgm_idx" ON "partners" USING gin (("owner_family_name" || "owner_given_name") public.gin_trgm_ops);
CREATE INDEX "partners_owner_given_family_trgm_idx" ON "partners" USING gin (("owner_given_name" || "owner_family_name") public.gin_trgm_ops);
-- The partner list's name sort (code-point order, as the client list's).
CREATE INDEX "partners_name_idx" ON "partners" ("name" COLLATE "C", "uuid");
