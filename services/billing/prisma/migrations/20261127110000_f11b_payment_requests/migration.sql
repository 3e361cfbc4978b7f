-- Issue 11, slice B: bank-transfer and direct-debit requests and registrations (payment_requests).
-- CreateTable
CREATE TABLE "payment_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "client_uuid" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "company_name" TEXT NOT NULL,
    "person_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "bank_code" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "branch_code" TEXT NOT NULL,
    "branch_name" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "account_number" TEXT NOT NULL,
    "account_holder" TEXT NOT NULL,
    "requested_by" UUID,
    "language" TEXT NOT NULL,
    "reason" TEXT,
    "reviewed_by" UUID,
    "reviewed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_requests_status_created_at_idx" ON "payment_requests"("status", "created_at");

-- CreateIndex
CREATE INDEX "payment_requests_client_uuid_created_at_idx" ON "payment_requests"("client_uuid", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_requests_one_pending_idx" ON "payment_requests"("client_uuid") WHERE (status = 'pending');
