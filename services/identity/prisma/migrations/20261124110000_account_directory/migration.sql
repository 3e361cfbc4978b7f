-- Home regions (issue 9 item 9): email -> the region whose shard holds the account. Used in the
-- global shard only (the table exists in every shard's schema, like signing_keys).
CREATE TABLE "account_directory" (
    "email" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "account_uuid" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_directory_pkey" PRIMARY KEY ("email")
);

-- Backfill: in the global shard's schema, every accepted account of the region shards that live in
-- the same database (the default layout). Shards in other databases are filled by their events
-- from now on; docs/decisions.md says how to backfill those.
DO $$
DECLARE
  region TEXT;
BEGIN
  IF current_schema() <> 'global_identity' THEN
    RETURN;
  END IF;
  FOREACH region IN ARRAY ARRAY['jpn', 'usa', 'mys', 'chn', 'twn', 'vnm', 'tha', 'phl', 'sgp', 'idn', 'other'] LOOP
    IF to_regclass(format('%I.accounts', region || '_identity')) IS NOT NULL THEN
      EXECUTE format(
        'INSERT INTO account_directory (email, region, account_uuid)
           SELECT email, %L, uuid FROM %I.accounts WHERE status IN (''active'', ''inactive'', ''modifymail'')
         ON CONFLICT (email) DO NOTHING',
        region, region || '_identity');
    END IF;
  END LOOP;
END $$;
