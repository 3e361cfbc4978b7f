-- Issue 21: the support session an entry was made in, so that the summary mailed when the session
-- ends reads its entries by index (only entries made in a support session are in it).
ALTER TABLE "operation_logs" ADD COLUMN "support_session" TEXT;
CREATE INDEX "operation_logs_support_session_idx" ON "operation_logs" ("client_uuid", "support_session", "occurred_at", "id")
  WHERE "support_session" IS NOT NULL;
