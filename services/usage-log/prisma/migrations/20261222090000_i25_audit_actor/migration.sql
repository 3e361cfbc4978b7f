-- Issue 25, point 1: one audit trail with the true actor.
--
-- Every entry records who did it (from the request's principal, services/common/src/audit.ts):
-- account | operator | partner | support | system, the person's uuid and name, the partner
-- company (and its uuid: a partner's audit log finds its own staff's entries by it), and who is
-- behind a support login. And what it is about: a target type and id.
ALTER TABLE "operation_logs" ALTER COLUMN "client_uuid" DROP NOT NULL;
ALTER TABLE "operation_logs"
  ADD COLUMN "actor_kind" TEXT NOT NULL DEFAULT 'system',
  ADD COLUMN "actor_uuid" TEXT,
  ADD COLUMN "actor_name" TEXT,
  ADD COLUMN "actor_org" TEXT,
  ADD COLUMN "actor_org_uuid" TEXT,
  ADD COLUMN "actor_behind" TEXT,
  ADD COLUMN "target_type" TEXT,
  ADD COLUMN "target_id" TEXT;

-- Old rows, as best they can be read: a back-office entry of no client was stored with an empty
-- client uuid; a support login's entries say so in their detail (with the actor's display name);
-- the rest name an account or nobody (the system).
UPDATE "operation_logs" SET "client_uuid" = NULL WHERE "client_uuid" = '';
UPDATE "operation_logs" SET
  "actor_kind" = CASE
    WHEN "detail"->>'support' = 'true' OR "operation" = 'proxy_login' THEN 'support'
    WHEN "account_uuid" IS NOT NULL THEN 'account'
    ELSE 'system' END,
  "actor_uuid" = CASE WHEN "detail"->>'support' = 'true' OR "operation" = 'proxy_login' THEN NULL ELSE "account_uuid" END,
  "actor_name" = CASE WHEN "detail"->>'support' = 'true' OR "operation" = 'proxy_login' THEN "detail"->>'actor' END,
  "actor_behind" = CASE WHEN "detail"->>'actor_kind' IN ('operator', 'partner') THEN "detail"->>'actor_kind' END,
  "target_type" = CASE WHEN "client_uuid" IS NOT NULL THEN 'client' END,
  "target_id" = "client_uuid";

-- The audit log's keyset pages (newest first), whole and by actor kind, target and the acting partner.
CREATE INDEX "operation_logs_keyset_idx" ON "operation_logs" ("occurred_at" DESC, "id" DESC);
CREATE INDEX "operation_logs_actor_kind_idx" ON "operation_logs" ("actor_kind", "occurred_at" DESC, "id" DESC);
CREATE INDEX "operation_logs_target_idx" ON "operation_logs" ("target_type", "target_id", "occurred_at" DESC, "id" DESC);
CREATE INDEX "operation_logs_actor_org_idx" ON "operation_logs" ("actor_org_uuid", "occurred_at" DESC, "id" DESC) WHERE "actor_org_uuid" IS NOT NULL;

-- Append-only: no statement changes or deletes an entry, whatever the code does. Retention alone
-- may delete, and only where it sets the transaction-local `portal.audit_retention` (it is off by
-- default: RETENTION_AUDIT_LOG_DAYS). TRUNCATE is refused as well.
CREATE FUNCTION "operation_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('portal.audit_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'operation_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER "operation_logs_append_only" BEFORE UPDATE OR DELETE ON "operation_logs"
  FOR EACH ROW EXECUTE FUNCTION "operation_logs_append_only"();
CREATE TRIGGER "operation_logs_no_truncate" BEFORE TRUNCATE ON "operation_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "operation_logs_append_only"();
