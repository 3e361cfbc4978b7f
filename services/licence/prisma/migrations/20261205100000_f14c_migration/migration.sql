-- Issue 14, slice C: migrations of existing clients, partners' client registrations, embedded forms.
CREATE TABLE "migrations" (
    "uuid" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "requested_by" UUID NOT NULL,
    "variant" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "owner_email" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "products" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'recorded',
    "client_uuid" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "migrations_pkey" PRIMARY KEY ("uuid")
);
CREATE UNIQUE INDEX "migrations_requested_by_idempotency_key_key" ON "migrations"("requested_by", "idempotency_key");
CREATE INDEX "migrations_created_at_idx" ON "migrations"("created_at");

CREATE TABLE "client_registrations" (
    "uuid" UUID NOT NULL,
    "partner_uuid" UUID NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "family_name" TEXT NOT NULL,
    "given_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'recorded',
    "client_uuid" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "client_registrations_pkey" PRIMARY KEY ("uuid")
);
CREATE UNIQUE INDEX "client_registrations_partner_uuid_idempotency_key_key" ON "client_registrations"("partner_uuid", "idempotency_key");
CREATE INDEX "client_registrations_partner_uuid_created_at_idx" ON "client_registrations"("partner_uuid", "created_at");

CREATE TABLE "embed_forms" (
    "partner_uuid" UUID NOT NULL,
    "origins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "token_version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "embed_forms_pkey" PRIMARY KEY ("partner_uuid")
);
