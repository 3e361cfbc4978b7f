-- Retention (services/common/src/db/retention.ts): published outbox rows and processed-event ids
-- are deleted after their period.
CREATE INDEX "outbox_published_idx" ON "outbox"("published_at") WHERE (published_at IS NOT NULL);
CREATE INDEX "processed_events_processed_at_idx" ON "processed_events"("processed_at");
