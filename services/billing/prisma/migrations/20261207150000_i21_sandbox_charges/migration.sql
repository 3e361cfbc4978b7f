-- Issue 21: the sandbox payment gateway's ledger (used in the global shard), one row per order id,
-- so that a double charge across a restart of the billing process is visible, as GMO-PG's
-- order-id dedupe makes it visible in production.
-- CreateTable
CREATE TABLE "sandbox_charges" (
    "order_id" TEXT NOT NULL,
    "member_id" TEXT NOT NULL,
    "card_seq" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "repeats" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_repeat_at" TIMESTAMPTZ(3),

    CONSTRAINT "sandbox_charges_pkey" PRIMARY KEY ("order_id")
);
