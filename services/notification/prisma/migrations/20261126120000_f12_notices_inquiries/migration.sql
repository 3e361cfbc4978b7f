-- Issue 12, slice B: notices, their targets and read history; inquiries and partner inquiry receivers.
-- CreateTable
CREATE TABLE "notices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "product" TEXT,
    "target" TEXT NOT NULL,
    "payment" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "reaches_clients" BOOLEAN NOT NULL,
    "reaches_partners" BOOLEAN NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "on_top" BOOLEAN NOT NULL DEFAULT false,
    "fixed" BOOLEAN NOT NULL DEFAULT false,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notice_targets" (
    "notice_id" UUID NOT NULL,
    "client_uuid" UUID NOT NULL,
    "named" BOOLEAN NOT NULL DEFAULT false,
    "selected" BOOLEAN NOT NULL DEFAULT true,
    "company_name" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "notice_targets_pkey" PRIMARY KEY ("notice_id","client_uuid")
);

-- CreateTable
CREATE TABLE "notice_reads" (
    "notice_id" UUID NOT NULL,
    "account_uuid" UUID NOT NULL,
    "read_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notice_reads_pkey" PRIMARY KEY ("account_uuid","notice_id")
);

-- CreateTable
CREATE TABLE "inquiries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "account_uuid" UUID NOT NULL,
    "partner_uuid" UUID,
    "products" TEXT[],
    "company_name" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL DEFAULT '',
    "purpose" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inquiries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inquiry_receivers" (
    "partner_uuid" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inquiry_receivers_pkey" PRIMARY KEY ("partner_uuid","email")
);
-- CreateIndex
CREATE INDEX "notices_period_idx" ON "notices"("starts_at", "ends_at");

-- CreateIndex
CREATE INDEX "notice_targets_client_idx" ON "notice_targets"("client_uuid");

-- CreateIndex
CREATE INDEX "notice_reads_notice_idx" ON "notice_reads"("notice_id");

-- CreateIndex
CREATE INDEX "inquiries_receiver_idx" ON "inquiries"("partner_uuid", "created_at");

-- CreateIndex
CREATE INDEX "inquiries_sender_idx" ON "inquiries"("account_uuid", "created_at");

-- AddForeignKey
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "notices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
