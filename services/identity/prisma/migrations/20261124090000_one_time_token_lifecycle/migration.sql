-- One lifecycle for every single-use token (src/tokens): a token is used once (used_at), or closed
-- unused when a newer one replaces it or a code is guessed at too often (revoked_at), so that a
-- link can say "already used" apart from "replaced", "expired" and "unknown".
ALTER TABLE "one_time_tokens" ADD COLUMN "revoked_at" TIMESTAMPTZ(3),
ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;

-- Profile email codes counted their wrong guesses in the payload.
UPDATE "one_time_tokens" SET "attempts" = COALESCE(("payload"->>'attempts')::integer, 0) WHERE "purpose" = 'email_code';

-- Invitation links that were closed by a reinvite, not accepted: their account is still an invitation.
UPDATE "one_time_tokens" t SET "revoked_at" = t."used_at", "used_at" = NULL
 WHERE t."purpose" = 'invitation' AND t."used_at" IS NOT NULL
   AND EXISTS (SELECT 1 FROM "accounts" a WHERE a."uuid" = t."account_uuid" AND a."status" IN ('invited', 'expired'));

-- Sign-up links become one-time tokens that name their temporary registration.
INSERT INTO "one_time_tokens" ("token_hash", "purpose", "payload", "created_at", "expires_at")
SELECT "token_hash", 'signup', jsonb_build_object('registration_id', "id"), "created_at", "expires_at" FROM "temporary_registrations";

DROP INDEX "temporary_registrations_token_hash_key";
ALTER TABLE "temporary_registrations" DROP COLUMN "token_hash",
DROP COLUMN "expires_at";
