-- Issue 22: the registration survey's position and division and the company's postal code
-- (spec §3 Client, §5 zip), and the EU data-protection rule (spec §1): an operator's mark, and when
-- the registrant declared the company is not subject to it.
ALTER TABLE "clients" ADD COLUMN "position" TEXT;
ALTER TABLE "clients" ADD COLUMN "division" TEXT;
ALTER TABLE "clients" ADD COLUMN "postal_code" TEXT NOT NULL DEFAULT '';
ALTER TABLE "clients" ADD COLUMN "eu_restricted" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "clients" ADD COLUMN "eu_declared_at" TIMESTAMPTZ(3);
