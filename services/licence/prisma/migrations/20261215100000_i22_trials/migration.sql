-- Issue 22: one trial per product per client, ever. The trials a client has had are their own
-- table, written once at the start; unlink, the free plan and the end of a licence leave it alone.

-- CreateTable
CREATE TABLE "trials" (
    "client_uuid" UUID NOT NULL,
    "product" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_on" DATE NOT NULL,
    "started_by" UUID,

    CONSTRAINT "trials_pkey" PRIMARY KEY ("client_uuid","product")
);

-- Data: every licence still on its trial (running or ended) is a trial the client has had.
INSERT INTO "trials" ("client_uuid", "product", "started_at", "ends_on", "started_by")
SELECT "client_uuid", "product", "started_at", "trial_ends_on", "started_by" FROM "licences"
WHERE "kind" = 'trial' AND "trial_ends_on" IS NOT NULL
ON CONFLICT DO NOTHING;
