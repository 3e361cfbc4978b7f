-- Issue 23 item 7: one row per card and expiry whose "card expiring" mail was queued. The daily job
-- inserts the row and the mail's outbox row in one transaction (ON CONFLICT DO NOTHING), so a card
-- is mailed once per expiry across job retries, takeovers and replicas.
-- CreateTable
CREATE TABLE "card_expiry_notices" (
    "card_reference_id" UUID NOT NULL,
    "expiry_year" INTEGER NOT NULL,
    "expiry_month" INTEGER NOT NULL,
    "client_uuid" UUID NOT NULL,
    "notified_on" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_expiry_notices_pkey" PRIMARY KEY ("card_reference_id","expiry_year","expiry_month")
);
