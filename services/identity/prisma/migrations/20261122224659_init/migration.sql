-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_events" (
    "consumer" TEXT NOT NULL,
    "msg_id" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer","msg_id")
);

-- CreateTable
CREATE TABLE "temporary_registrations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "temporary_registrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "uuid" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "family_name" TEXT NOT NULL,
    "given_name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "authority" TEXT,
    "tenant_uuid" UUID,
    "status" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "pending_email" TEXT,
    "products" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "failed_attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "tenants" (
    "uuid" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "contract_type" TEXT NOT NULL DEFAULT 'none',
    "partner_uuid" UUID,
    "licence_type" TEXT NOT NULL DEFAULT 'normal',
    "status" TEXT NOT NULL DEFAULT 'active',
    "mfa_enabled" BOOLEAN NOT NULL DEFAULT false,
    "mfa_validity" TEXT NOT NULL DEFAULT '24h',
    "ip_restriction_enabled" BOOLEAN NOT NULL DEFAULT false,
    "ip_allowlist" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "partner_proxy_allowed" BOOLEAN NOT NULL DEFAULT false,
    "operator_proxy_allowed" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "account_uuid" UUID NOT NULL,
    "tenant_uuid" UUID,
    "context" TEXT NOT NULL,
    "proxy" BOOLEAN NOT NULL DEFAULT false,
    "actor_uuid" UUID,
    "actor_name" TEXT,
    "actor_kind" TEXT,
    "ip" TEXT NOT NULL,
    "user_agent" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idle_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "absolute_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mfa_challenges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "account_uuid" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "mfa_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trusted_devices" (
    "token_hash" TEXT NOT NULL,
    "account_uuid" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "trusted_devices_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "ip" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("ip")
);

-- CreateTable
CREATE TABLE "one_time_tokens" (
    "token_hash" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "account_uuid" UUID,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "one_time_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "kid" TEXT NOT NULL,
    "private_jwk" JSONB NOT NULL,
    "public_jwk" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "signing_keys_pkey" PRIMARY KEY ("kid")
);

-- CreateIndex
CREATE INDEX "outbox_unpublished_idx" ON "outbox"("created_at") WHERE (published_at IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "temporary_registrations_token_hash_key" ON "temporary_registrations"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"("email");

-- CreateIndex
CREATE INDEX "accounts_tenant_uuid_idx" ON "accounts"("tenant_uuid");

-- CreateIndex
CREATE INDEX "sessions_account_uuid_idx" ON "sessions"("account_uuid");

-- CreateIndex
CREATE INDEX "sessions_tenant_uuid_proxy_idx" ON "sessions"("tenant_uuid", "proxy");

-- CreateIndex
CREATE INDEX "mfa_challenges_account_uuid_created_at_idx" ON "mfa_challenges"("account_uuid", "created_at");

-- CreateIndex
CREATE INDEX "trusted_devices_account_uuid_idx" ON "trusted_devices"("account_uuid");

-- CreateIndex
CREATE INDEX "one_time_tokens_account_uuid_purpose_idx" ON "one_time_tokens"("account_uuid", "purpose");
