-- The shard of the partner or operator account behind a support session: each request re-checks
-- that account, which may live in another region's shard or in global.
ALTER TABLE "sessions" ADD COLUMN "actor_shard" TEXT;
