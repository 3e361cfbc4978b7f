-- Issue 25 point 3: terms versions. A published version is never rewritten: editing makes a draft
-- of the next version, publishing makes it current, and the operator marks the change as major
-- (asked at the next login) or minor (asked at the next plan application or trial/free start).
-- The privacy policy's text is versioned in the same table (kind 'privacy').

-- AlterTable: the document kind, the publication (null: a draft), the change and who published it.
ALTER TABLE "terms" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'terms';
ALTER TABLE "terms" ADD COLUMN "published_at" TIMESTAMPTZ(3);
ALTER TABLE "terms" ADD COLUMN "change" TEXT;
ALTER TABLE "terms" ADD COLUMN "published_by" UUID;

-- Data: every version written before this was published when it was created; its change is
-- unknown (null: an initial or earlier version, which nobody is asked again about).
UPDATE "terms" SET "published_at" = "created_at";

-- Versions are numbered per kind and language; at most one draft per kind and language.
DROP INDEX "terms_language_version_key";
CREATE UNIQUE INDEX "terms_kind_language_version_key" ON "terms"("kind", "language", "version");
CREATE UNIQUE INDEX "terms_one_draft_idx" ON "terms"("kind", "language") WHERE "published_at" IS NULL;

-- AlterTable: the document version an agreement was given to (null before versions, and for the
-- privacy policy's address, whose version is the date of its last update).
ALTER TABLE "agreements" ADD COLUMN "terms_id" UUID;
CREATE INDEX "agreements_account_uuid_kind_language_version_idx" ON "agreements"("account_uuid", "kind", "language", "version");
