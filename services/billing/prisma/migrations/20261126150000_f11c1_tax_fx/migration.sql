-- Issue 11, slice C1: tax rates per country and category with applied-from history, and the
-- standard USD→JPY rate with its time. The DDL is the offline diff's (`tsx scripts/prisma-diff.ts
-- billing --print`) for these tables; only this slice's change. The existing rows keep their rate:
-- their region code becomes the country, their category is standard.

-- AlterTable
DROP INDEX "tax_rates_region_applies_from_idx";
ALTER TABLE "tax_rates" RENAME COLUMN "region" TO "country";
ALTER TABLE "tax_rates" ADD COLUMN "category" TEXT NOT NULL DEFAULT 'standard',
ADD COLUMN "created_by" UUID;

-- CreateTable
CREATE TABLE "fx_rates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "base" TEXT NOT NULL DEFAULT 'USD',
    "quote" TEXT NOT NULL DEFAULT 'JPY',
    "rate" DECIMAL(18,6) NOT NULL,
    "applies_at" TIMESTAMPTZ(3) NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fx_rates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tax_rates_country_category_applies_from_key" ON "tax_rates"("country", "category", "applies_from");

-- CreateIndex
CREATE UNIQUE INDEX "fx_rates_base_quote_applies_at_key" ON "fx_rates"("base", "quote", "applies_at");
