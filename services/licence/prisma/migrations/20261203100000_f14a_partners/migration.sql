-- Issue 14, slice A: partners, owned by licence (rows in the global shard; see schema.prisma).
CREATE TABLE "partners" (
    "uuid" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "parent_partner_uuid" UUID,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "grantable_contracts" TEXT NOT NULL DEFAULT 'both',
    "review_state" TEXT NOT NULL DEFAULT 'approved',
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "partners_pkey" PRIMARY KEY ("uuid")
);

CREATE INDEX "partners_parent_partner_uuid_idx" ON "partners"("parent_partner_uuid");
