-- Issue 22, item 7: the EU data-protection rule (spec §1). A temporary registration outside Japan
-- records that its owner answered "not subject"; a client tenant carries licence's mark.
ALTER TABLE "temporary_registrations" ADD COLUMN "eu_declared" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "tenants" ADD COLUMN "eu_restricted" BOOLEAN NOT NULL DEFAULT false;
