-- The user list's counts by status (issue 9 item 7, fourth speed pass): kept per company as
-- accounts change, by triggers in the same transaction as the change, instead of counting the
-- company's accounts on every list request. Every write path (Prisma, raw SQL, sweeps, seeds,
-- CSV invitations) goes through them. Counts are of the stored status; the list still moves
-- lapsed invitations (status `invited` without a live link) to `expired` at read time.
CREATE TABLE "account_status_counts" (
    "tenant_uuid" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "account_status_counts_pkey" PRIMARY KEY ("tenant_uuid", "status")
);

-- Applies (tenant, status, delta) rows in key order: two transactions changing the same
-- company's counts take the rows' locks in the same order, so they queue instead of deadlocking.
-- The function runs with the shard's schema as search_path (taken from this migration), whatever
-- the writing session's search_path is.
CREATE FUNCTION "account_status_counts_apply"(deltas JSONB) RETURNS VOID LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO account_status_counts AS c (tenant_uuid, status, n)
  SELECT (d->>'t')::uuid, d->>'s', sum((d->>'n')::int)
    FROM jsonb_array_elements(deltas) d
   WHERE d->>'t' IS NOT NULL
   GROUP BY 1, 2
  HAVING sum((d->>'n')::int) <> 0
   ORDER BY 1, 2
  ON CONFLICT (tenant_uuid, status) DO UPDATE SET n = c.n + EXCLUDED.n;
END $$;

-- INSERT and DELETE: once per statement (a CSV invitation of 100 accounts is one statement).
CREATE FUNCTION "account_status_counts_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM account_status_counts_apply(
    (SELECT jsonb_agg(jsonb_build_object('t', tenant_uuid, 's', status, 'n', 1)) FROM new_rows WHERE tenant_uuid IS NOT NULL));
  RETURN NULL;
END $$;

CREATE FUNCTION "account_status_counts_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM account_status_counts_apply(
    (SELECT jsonb_agg(jsonb_build_object('t', tenant_uuid, 's', status, 'n', -1)) FROM old_rows WHERE tenant_uuid IS NOT NULL));
  RETURN NULL;
END $$;

-- UPDATE: once per row whose status or company changed (the WHEN clause keeps every other update,
-- such as a login's failure count, free of it).
CREATE FUNCTION "account_status_counts_on_update"() RETURNS TRIGGER LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM account_status_counts_apply(jsonb_build_array(
    CASE WHEN OLD.tenant_uuid IS NOT NULL THEN jsonb_build_object('t', OLD.tenant_uuid, 's', OLD.status, 'n', -1) END,
    CASE WHEN NEW.tenant_uuid IS NOT NULL THEN jsonb_build_object('t', NEW.tenant_uuid, 's', NEW.status, 'n', 1) END));
  RETURN NULL;
END $$;

CREATE TRIGGER "accounts_status_counts_insert" AFTER INSERT ON "accounts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_status_counts_on_insert();
CREATE TRIGGER "accounts_status_counts_delete" AFTER DELETE ON "accounts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_status_counts_on_delete();
CREATE TRIGGER "accounts_status_counts_update" AFTER UPDATE OF "status", "tenant_uuid" ON "accounts"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.tenant_uuid IS DISTINCT FROM NEW.tenant_uuid)
  EXECUTE FUNCTION account_status_counts_on_update();

-- The counts of the accounts already there.
INSERT INTO "account_status_counts" ("tenant_uuid", "status", "n")
SELECT "tenant_uuid", "status", count(*)::int FROM "accounts" WHERE "tenant_uuid" IS NOT NULL GROUP BY 1, 2;
