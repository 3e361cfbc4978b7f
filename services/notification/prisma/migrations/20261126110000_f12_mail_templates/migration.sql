-- Issue 12, slice A: editable system mail templates, common parts, and sent_mails as the mail
-- log and delivery queue (status, rendered content, attempts and back-off).

-- AlterTable: rows from before were recorded and handed to SMTP (processed_events) or about to be.
ALTER TABLE "sent_mails"
  ADD COLUMN "status" TEXT NOT NULL DEFAULT 'queued',
  ADD COLUMN "sender_address" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "sender_name" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "extra_to" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "bcc" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "text_body" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "html_body" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ADD COLUMN "last_error" TEXT,
  ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "sent_mails" SET "status" = 'sent', "created_at" = "sent_at";
ALTER TABLE "sent_mails" ALTER COLUMN "sent_at" DROP NOT NULL, ALTER COLUMN "sent_at" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "sent_mails_due_idx" ON "sent_mails"("next_attempt_at") WHERE (status IN ('queued', 'sending'));
CREATE INDEX "sent_mails_to_idx" ON "sent_mails"("to_address");
CREATE INDEX "sent_mails_created_idx" ON "sent_mails"("created_at");

-- CreateTable
CREATE TABLE "mail_templates" (
    "name" TEXT NOT NULL,
    "sender_address" TEXT NOT NULL DEFAULT '',
    "sender_name" TEXT NOT NULL DEFAULT '',
    "to_addresses" TEXT NOT NULL DEFAULT '',
    "bcc" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3),

    CONSTRAINT "mail_templates_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "mail_template_versions" (
    "template" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_template_versions_pkey" PRIMARY KEY ("template","language")
);

-- CreateTable
CREATE TABLE "mail_parts" (
    "part" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_parts_pkey" PRIMARY KEY ("part","language")
);

-- AddForeignKey
ALTER TABLE "mail_template_versions" ADD CONSTRAINT "mail_template_versions_template_fkey" FOREIGN KEY ("template") REFERENCES "mail_templates"("name") ON DELETE CASCADE ON UPDATE CASCADE;
