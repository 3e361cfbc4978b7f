-- Slice C (issue 10): contracts and their items, plan applications, corporate-number searches.
-- CreateTable
CREATE TABLE "contracts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "monthly_amount" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "application_id" UUID,
    "effective_from" DATE NOT NULL,
    "billing_start" DATE,
    "minimum_term_end" DATE,
    "cancel_filed_at" TIMESTAMPTZ(3),
    "ends_on" DATE,
    "penalty_months" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contracts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contract_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "contract_id" UUID NOT NULL,
    "plan_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" JSONB NOT NULL,
    "amount" INTEGER NOT NULL,

    CONSTRAINT "contract_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_applications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "account_uuid" UUID NOT NULL,
    "applicant_email" TEXT,
    "applicant_name" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "option_ids" TEXT[],
    "contract_kind" TEXT NOT NULL,
    "corporate_name" TEXT NOT NULL,
    "corporate_number" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "representative" TEXT NOT NULL,
    "search_id" UUID,
    "currency" TEXT NOT NULL,
    "monthly_amount" INTEGER NOT NULL,
    "effective_from" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "previous_licence_type" TEXT NOT NULL DEFAULT 'normal',
    "reason" TEXT,
    "reviewed_by" UUID,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_applications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "corporate_searches" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "account_uuid" UUID NOT NULL,
    "query" TEXT NOT NULL,
    "candidates" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "corporate_searches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contracts_client_uuid_product_idx" ON "contracts"("client_uuid", "product");

-- CreateIndex
CREATE INDEX "contract_items_contract_id_idx" ON "contract_items"("contract_id");

-- CreateIndex
CREATE INDEX "plan_applications_status_created_at_idx" ON "plan_applications"("status", "created_at");

-- CreateIndex
CREATE INDEX "plan_applications_client_uuid_created_at_idx" ON "plan_applications"("client_uuid", "created_at");

-- CreateIndex
CREATE INDEX "corporate_searches_client_uuid_created_at_idx" ON "corporate_searches"("client_uuid", "created_at");

-- AddForeignKey
ALTER TABLE "contract_items" ADD CONSTRAINT "contract_items_contract_id_fkey" FOREIGN KEY ("contract_id") REFERENCES "contracts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
