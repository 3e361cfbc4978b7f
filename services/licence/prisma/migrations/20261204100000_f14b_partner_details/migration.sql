-- Issue 14, slice B: what the operator's partner wizard and the partner's system settings keep
-- (spec §3 Partner), the first account to invite, and the wizard's idempotency key.
ALTER TABLE "partners"
    ADD COLUMN "representative" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "phone" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "address" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "owner_email" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "owner_family_name" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "owner_given_name" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "owner_language" TEXT NOT NULL DEFAULT 'ja-jp',
    ADD COLUMN "billing_name" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "billing_email" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "billing_phone" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "billing_address" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "payment_method" TEXT,
    ADD COLUMN "client_registration" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "form_origins" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "notification_email" TEXT NOT NULL DEFAULT '',
    ADD COLUMN "created_by" UUID,
    ADD COLUMN "idempotency_key" TEXT;

-- One partner per wizard (a double click or a second tab answers the same partner).
CREATE UNIQUE INDEX "partners_idempotency_key_key" ON "partners"("idempotency_key");
CREATE INDEX "partners_created_at_idx" ON "partners"("created_at");
