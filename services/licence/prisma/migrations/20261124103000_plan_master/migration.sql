-- Slice B (issue 10): plan master (global shard). Generated with scripts/prisma-diff.ts from the slice's models alone.
-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "name" JSONB NOT NULL,
    "type" TEXT NOT NULL,
    "scheme" TEXT NOT NULL DEFAULT 'legacy',
    "status" TEXT NOT NULL DEFAULT 'waiting_setup',
    "contract_kind" TEXT NOT NULL DEFAULT 'monthly',
    "billing_type" TEXT NOT NULL DEFAULT 'fixed',
    "amount_jpy" INTEGER,
    "amount_usd" INTEGER,
    "initial_cost_plan_id" TEXT,
    "unit_value" INTEGER,
    "unit" TEXT,
    "range_lower" INTEGER,
    "range_upper" INTEGER,
    "explanation" JSONB NOT NULL DEFAULT '{}',
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_links" (
    "plan_id" TEXT NOT NULL,
    "other_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,

    CONSTRAINT "plan_links_pkey" PRIMARY KEY ("plan_id","other_id","kind")
);

-- CreateIndex
CREATE INDEX "plans_product_sort_order_idx" ON "plans"("product", "sort_order");

-- CreateIndex
CREATE INDEX "plan_links_other_id_idx" ON "plan_links"("other_id");

-- AddForeignKey
ALTER TABLE "plan_links" ADD CONSTRAINT "plan_links_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_links" ADD CONSTRAINT "plan_links_other_id_fkey" FOREIGN KEY ("other_id") REFERENCES "plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
