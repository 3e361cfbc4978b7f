-- Issue 21: the mark a support session leaves on the accounts it creates or changes. The support
-- actor's name (as the session shows it: the partner's or operator's name, with the partner's
-- company) is kept on the account row, so the client sees it in its user list and on the account
-- as long as the account exists; the operation log keeps the steps themselves.
ALTER TABLE "accounts" ADD COLUMN "support_created_by" TEXT;
ALTER TABLE "accounts" ADD COLUMN "support_changed_by" TEXT;
ALTER TABLE "accounts" ADD COLUMN "support_changed_at" TIMESTAMPTZ(3);

-- The open support sessions, for the sweep that ends those past their expiry (and mails their
-- summary) when nobody makes another request with them: a handful of rows per shard.
CREATE INDEX "sessions_open_support_idx" ON "sessions" ("idle_expires_at") WHERE proxy AND ended_at IS NULL;
