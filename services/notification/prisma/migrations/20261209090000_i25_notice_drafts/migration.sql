-- Issue 25 point 3: notice drafts and archive. A draft is never delivered and may have no dates
-- yet; an archived notice leaves readers' lists but keeps its targets and read history.
ALTER TABLE "notices" ADD COLUMN "draft" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "notices" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
ALTER TABLE "notices" ALTER COLUMN "starts_at" DROP NOT NULL;
ALTER TABLE "notices" ALTER COLUMN "ends_at" DROP NOT NULL;
ALTER TABLE "notices" ADD CONSTRAINT "notices_dates_unless_draft" CHECK ("draft" OR ("starts_at" IS NOT NULL AND "ends_at" IS NOT NULL));
