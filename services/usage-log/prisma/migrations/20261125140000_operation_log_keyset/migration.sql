-- The operation log is paged by keyset, newest first: (occurred_at, id) descending, within a company.
-- The old (client_uuid, occurred_at) index is covered by the new one.
DROP INDEX IF EXISTS "operation_logs_client_uuid_occurred_at_idx";
CREATE INDEX "operation_logs_client_keyset_idx" ON "operation_logs"("client_uuid", "occurred_at" DESC, "id" DESC);
-- The account filter's pages, and the distinct accounts of a company's log (a skip scan, one probe per account).
CREATE INDEX "operation_logs_client_account_keyset_idx" ON "operation_logs"("client_uuid", "account_uuid", "occurred_at" DESC, "id" DESC);
-- The operation filter's pages.
CREATE INDEX "operation_logs_client_operation_keyset_idx" ON "operation_logs"("client_uuid", "operation", "occurred_at" DESC, "id" DESC);

-- Retention (src/retention): published outbox rows and processed-event ids older than their period.
CREATE INDEX "outbox_published_idx" ON "outbox"("published_at") WHERE (published_at IS NOT NULL);
CREATE INDEX "processed_events_processed_at_idx" ON "processed_events"("processed_at");
