-- Issue 10, slice A: the catalogue (products extended, product_texts), licences (replacing
-- client_products, whose rows become free licences) and client_domains. The DDL is the offline
-- diff's (`tsx scripts/prisma-diff.ts licence --print`) for these tables; only this slice's change.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "free_plan" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "regions" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "product_texts" (
    "product_id" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "product_texts_pkey" PRIMARY KEY ("product_id","language")
);

-- CreateTable
CREATE TABLE "licences" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "trial_ends_on" DATE,
    "ended_at" TIMESTAMPTZ(3),
    "started_by" UUID,
    "notify_email" TEXT,
    "notify_name" TEXT,
    "notify_language" TEXT,
    "trial_mail_3d_sent_at" TIMESTAMPTZ(3),
    "trial_mail_end_sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "licences_pkey" PRIMARY KEY ("client_uuid","product")
);

-- CreateTable
CREATE TABLE "client_domains" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "verified_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_domains_pkey" PRIMARY KEY ("client_uuid","product","domain")
);

-- CreateIndex
CREATE INDEX "licences_trial_ends_idx" ON "licences"("trial_ends_on");

-- CreateIndex
CREATE INDEX "client_domains_client_uuid_domain_idx" ON "client_domains"("client_uuid", "domain");

-- AddForeignKey
ALTER TABLE "product_texts" ADD CONSTRAINT "product_texts_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Data: each product a client held becomes its free licence (spec §4: a free plan is assigned
-- when a licence is issued); then client_products goes.
INSERT INTO "licences" ("client_uuid", "product", "kind", "started_at")
SELECT "client_uuid", "product", 'free', "created_at" FROM "client_products"
ON CONFLICT DO NOTHING;

-- DropTable
DROP TABLE "client_products";
