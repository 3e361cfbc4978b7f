-- Issue 22: an initial cost the operator marks per plan is charged again on a change to the plan it
-- belongs to; any other initial cost is charged once per product (not again on a plan change).
ALTER TABLE "plans" ADD COLUMN "per_plan" BOOLEAN NOT NULL DEFAULT false;
