-- Issue 11, slice C2: the monthly billing run, invoices and their lines.
-- CreateTable
CREATE TABLE "billing_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "month" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "clients_total" INTEGER NOT NULL DEFAULT 0,
    "clients_done" INTEGER NOT NULL DEFAULT 0,
    "invoices_written" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "cursor" UUID,
    "last_error" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_runs_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "invoices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "number" TEXT NOT NULL,
    "seq" SERIAL NOT NULL,
    "client_uuid" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "run_id" UUID,
    "issued_on" DATE NOT NULL,
    "billing_date" DATE NOT NULL,
    "company_name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "subtotal_minor" INTEGER NOT NULL,
    "tax_minor" INTEGER NOT NULL,
    "total_minor" INTEGER NOT NULL,
    "charge_currency" TEXT NOT NULL,
    "charge_total_minor" INTEGER NOT NULL,
    "tax_summary" JSONB NOT NULL,
    "fx_rate" TEXT,
    "fx_rate_at" TIMESTAMPTZ(3),
    "issuer_name" TEXT NOT NULL,
    "issuer_registration" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "charge_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_charge_on" DATE,
    "charge_ref" TEXT,
    "charge_error" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "invoice_lines" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "invoice_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "contract_id" UUID NOT NULL,
    "name" JSONB NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_minor" INTEGER NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "tax_rate_tenths" INTEGER NOT NULL,
    "period_from" DATE NOT NULL,
    "period_to" DATE NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("id")
);
-- CreateIndex
CREATE UNIQUE INDEX "billing_runs_month_key" ON "billing_runs"("month");
-- CreateIndex
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices"("number");
-- CreateIndex
CREATE INDEX "invoices_client_issued_idx" ON "invoices"("client_uuid", "issued_on");
-- CreateIndex
CREATE INDEX "invoices_due_idx" ON "invoices"("status", "next_charge_on");
-- CreateIndex
CREATE UNIQUE INDEX "invoices_client_month_key" ON "invoices"("client_uuid", "month");
-- CreateIndex
CREATE INDEX "invoice_lines_invoice_id_idx" ON "invoice_lines"("invoice_id");
-- AddForeignKey
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;
