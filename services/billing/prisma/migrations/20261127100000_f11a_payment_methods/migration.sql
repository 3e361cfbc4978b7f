-- Issue 11, slice A (f11-payment): billing_infos, payment_methods, card_references. The DDL is the
-- offline diff's (`tsx scripts/prisma-diff.ts billing --print`) for these tables; only this slice's change.

-- CreateTable
CREATE TABLE "billing_infos" (
    "client_uuid" UUID NOT NULL,
    "company_name" TEXT NOT NULL,
    "company_kana" TEXT NOT NULL,
    "division" TEXT NOT NULL DEFAULT '',
    "division_kana" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "address_kana" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "updated_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_infos_pkey" PRIMARY KEY ("client_uuid")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "client_uuid" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "card_reference_id" UUID,
    "details" JSONB NOT NULL DEFAULT '{}',
    "registered_by" UUID,
    "registered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("client_uuid")
);

-- CreateTable
CREATE TABLE "card_references" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "gateway" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "card_seq" TEXT NOT NULL,
    "masked_number" TEXT NOT NULL,
    "expiry_month" INTEGER NOT NULL,
    "expiry_year" INTEGER NOT NULL,
    "holder_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "order_id" TEXT,
    "access_id" TEXT,
    "access_pass" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_references_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "card_references_order_id_key" ON "card_references"("order_id");

-- CreateIndex
CREATE INDEX "card_references_client_uuid_status_idx" ON "card_references"("client_uuid", "status");
