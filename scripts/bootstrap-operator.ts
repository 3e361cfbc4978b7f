/**
 * Issue 24: the first operator of an install, once. Creates an operator account without a password
 * in the global shard and prints a single-use set-password link (the password-reset page, valid
 * 24 hours) built from PUBLIC_URL. Refuses when an operator exists already: from then on operators
 * invite each other. No password is ever published; the link is the only way in.
 *
 *   DATABASE_URL=postgres://... PUBLIC_URL=https://portal.example.jp \
 *     node --import tsx scripts/bootstrap-operator.ts --email ops@example.jp [--family-name 運用] [--given-name 太郎] [--language ja-jp] [--if-none]
 *
 * `--if-none` (the chart's post-install Job): an install that has an operator already exits 0
 * without a link instead of failing. The container runs it with the `bootstrap-operator` argument.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import { LANGUAGES, type TLanguage } from '@portal/proto';
import { hashToken, shardToken, TOKEN_TTL_MS } from '@portal/identity';
import { ConfigError } from '@portal/service-common/config';
import { parseShardMap, schemaName, type ShardMap } from '@portal/service-common/db/shard-map';
import { publicOriginProblem } from '@portal/service-common/production-guard';

export interface BootstrapInput { email: string; familyName: string; givenName: string; language: TLanguage }
export type BootstrapResult = { created: true; link: string; expiresAt: Date; accountUuid: string } | { created: false; reason: 'operator_exists' };

const ZInput = z.object({
  email: z.email().transform((e) => e.trim().toLowerCase()),
  familyName: z.string().trim().min(1).max(50),
  givenName: z.string().trim().min(1).max(50),
  language: z.enum(LANGUAGES),
});

/**
 * The bootstrap itself: one transaction under an advisory lock, so that two runs at once make one
 * operator. `publicUrl` is the origin of the link; `now` when the link's 24 hours start.
 */
export async function bootstrapOperator(shardMap: ShardMap, input: BootstrapInput, options: { publicUrl: string; now: Date }): Promise<BootstrapResult> {
  const valid = ZInput.parse(input);
  const identity = schemaName('global', 'identity');
  const client = new pg.Client({ connectionString: shardMap.global });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('portal.bootstrap-operator'))`);
    const existing = await client.query(`SELECT 1 FROM "${identity}".accounts WHERE kind = 'operator' LIMIT 1`);
    if (existing.rowCount) {
      await client.query('ROLLBACK');
      return { created: false, reason: 'operator_exists' };
    }
    const accountUuid = randomUUID();
    await client.query(
      `INSERT INTO "${identity}".accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, products, updated_at)
       VALUES ($1, $2, NULL, $3, $4, 'operator', NULL, NULL, 'active', $5, '{}', now())`,
      [accountUuid, valid.email, valid.familyName, valid.givenName, valid.language],
    );
    const token = shardToken('global');
    const expiresAt = new Date(options.now.getTime() + TOKEN_TTL_MS.password_reset);
    await client.query(
      `INSERT INTO "${identity}".one_time_tokens (token_hash, purpose, account_uuid, payload, expires_at) VALUES ($1, 'password_reset', $2, '{}', $3)`,
      [hashToken(token), accountUuid, expiresAt],
    );
    await client.query('COMMIT');
    return { created: true, link: `${options.publicUrl.replace(/\/$/, '')}/password_reset/${encodeURIComponent(token)}`, expiresAt, accountUuid };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

function argument(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const env = process.env;
  try {
    const publicUrl = env.PUBLIC_URL?.trim() || (env.NODE_ENV === 'production' ? '' : 'http://localhost:8080');
    const problem = env.NODE_ENV === 'production' ? publicOriginProblem(publicUrl) : undefined;
    if (problem) throw new ConfigError(`PUBLIC_URL: ${problem}`);
    const result = await bootstrapOperator(parseShardMap(env), {
      email: argument(argv, '--email') ?? env.BOOTSTRAP_OPERATOR_EMAIL ?? '',
      familyName: argument(argv, '--family-name') ?? env.BOOTSTRAP_OPERATOR_FAMILY_NAME ?? 'Operator',
      givenName: argument(argv, '--given-name') ?? env.BOOTSTRAP_OPERATOR_GIVEN_NAME ?? 'First',
      language: (argument(argv, '--language') ?? env.BOOTSTRAP_OPERATOR_LANGUAGE ?? 'ja-jp') as TLanguage,
    // The link's 24 hours start now: a command-line tool, not business code (no injected clock here).
    }, { publicUrl, now: new Date() });
    if (!result.created) {
      process.stderr.write('An operator exists already: operators invite the next ones (Operators > invite). Nothing changed.\n');
      process.exit(argv.includes('--if-none') ? 0 : 2);
    }
    process.stdout.write(`First operator created. Set its password once, within 24 hours (until ${result.expiresAt.toISOString()}):\n${result.link}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`bootstrap-operator: ${error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : (error as Error).message}\n`);
    process.exit(1);
  }
}
