import { DEFAULT_HOST_MAP, ZHostMap, ZRegion, type THostMap, type TRegion, type TServiceName } from '@portal/proto';
import { ConfigError } from './config.js';
import { DEV_SECRETS } from './dev-secrets.js';

/**
 * Issue 24 item 1: what a production process refuses to start with. Every process's bootstrap
 * (startService, run-gateway, the all-in-one startPortal) calls `assertProductionSafe` with its
 * raw environment before it opens anything; under NODE_ENV=production each rule below that
 * concerns the process and fails is one line of the refusal, naming the setting. Outside
 * production nothing is checked (development and tests run on sandboxes and defaults).
 *
 * The adapters' own config schemas keep their sandbox defaults for development; in production
 * this guard runs first, so a default never decides: the real adapter is chosen and configured,
 * or the process does not start. A staging install may select sandboxes with ALLOW_SANDBOX=true
 * (the SPA then shows a test-mode banner); secrets, public URLs and the dev mailbox are never
 * relaxed.
 */
export type GuardedProcess = TServiceName | 'gateway' | 'portal';
type Env = Readonly<Record<string, string | undefined>>;


interface Rule {
  setting: string;
  /** The processes that read the setting ('portal', the all-in-one, reads all). */
  processes: readonly GuardedProcess[] | 'all';
  /** What is wrong, or undefined. */
  problem(env: Env): string | undefined;
}

const set = (env: Env, key: string): string | undefined => (env[key]?.trim() ? env[key]!.trim() : undefined);
export const sandboxAllowed = (env: Env): boolean => env.ALLOW_SANDBOX === 'true';
/** Test mode: a staging install that selected sandboxes on purpose (every SPA page says so). */
export const testMode = (env: Env): boolean => sandboxAllowed(env);

/** An adapter whose unset value, or whose value `sandbox`, is the sandbox. */
function adapterRule(setting: string, processes: readonly GuardedProcess[], real: string, needs: readonly string[]): Rule {
  return {
    setting,
    processes,
    problem: (env) => {
      const value = set(env, setting);
      if (sandboxAllowed(env)) return undefined;
      if (!value) return `required in production: ${real} (with ${needs.join(', ')}); no sandbox default (ALLOW_SANDBOX=true for a staging install)`;
      if (value === 'sandbox') return `the sandbox adapter is refused in production (ALLOW_SANDBOX=true for a staging install); use ${real}`;
      return undefined;
    },
  };
}

function secretRule(setting: keyof typeof DEV_SECRETS, processes: readonly GuardedProcess[] | 'all'): Rule {
  return {
    setting,
    processes,
    problem: (env) => {
      const value = set(env, setting);
      if (!value) return 'required in production (its development default is refused)';
      if (value === DEV_SECRETS[setting]) return 'has its development default; set a secret of your own';
      return undefined;
    },
  };
}

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\]|::1|0\.0\.0\.0)$/i;

/** A public origin or why not: https (or http) with a host that is not this machine. */
export function publicOriginProblem(value: string | undefined): string | undefined {
  if (!value) return 'required in production (links in mails are built from it)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL (scheme://host)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (LOOPBACK.test(url.hostname)) return 'must be the host visitors use, not localhost';
  return undefined;
}

/** PUBLIC_URLS: JSON region -> origin of that region's host; a region without one uses PUBLIC_URL. */
export function parsePublicUrls(text: string | undefined): Partial<Record<TRegion, string>> {
  if (!text?.trim()) return {};
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('must be a JSON object: region -> URL');
  const out: Partial<Record<TRegion, string>> = {};
  for (const [region, url] of Object.entries(parsed)) {
    const key = ZRegion.safeParse(region);
    if (!key.success) throw new Error(`unknown region ${JSON.stringify(region)}`);
    if (typeof url !== 'string') throw new Error(`${region}: must be a URL`);
    out[key.data] = url.replace(/\/$/, '');
  }
  return out;
}

function hostMapOf(env: Env): THostMap {
  const text = set(env, 'HOST_MAP');
  return text ? ZHostMap.parse(JSON.parse(text)) : DEFAULT_HOST_MAP;
}

/** The processes that build links (mails, the 3-D Secure return, support and SSO links). */
const LINKING: readonly GuardedProcess[] = ['gateway', 'identity', 'licence', 'billing'];
/** The processes that know the host map (they map hosts to regions). */
const HOST_MAPPING: readonly GuardedProcess[] = ['gateway', 'identity'];

export const PRODUCTION_RULES: readonly Rule[] = [
  // Sandbox adapters (each where its adapter is picked).
  adapterRule('PAYMENT_GATEWAY', ['billing'], 'gmo', ['GMO_SHOP_ID', 'GMO_SHOP_PASS', 'GMO_SITE_ID', 'GMO_SITE_PASS']),
  adapterRule('CORPORATE_NUMBER_DIRECTORY', ['licence'], 'nta', ['NTA_APP_ID']),
  adapterRule('PRODUCT_CONNECTION', ['licence'], 'http', ['PRODUCT_CONNECTION_URL']),
  {
    // Unset means real DNS here (the sandbox is only ever chosen by name).
    setting: 'LICENCE_DOMAIN_RESOLVER', processes: ['licence'],
    problem: (env) => (set(env, 'LICENCE_DOMAIN_RESOLVER') === 'sandbox' && !sandboxAllowed(env) ? 'the sandbox resolver is refused in production (ALLOW_SANDBOX=true for a staging install); use dns' : undefined),
  },
  {
    // Unset means the sandbox product accounts (every address but `+dup@` is fine).
    setting: 'PRODUCT_ACCOUNTS_URL', processes: ['identity'],
    problem: (env) => (!set(env, 'PRODUCT_ACCOUNTS_URL') && !sandboxAllowed(env) ? 'required in production: the products\' account API (unset selects the sandbox; ALLOW_SANDBOX=true for a staging install)' : undefined),
  },
  {
    setting: 'ALLOW_SANDBOX', processes: 'all',
    problem: (env) => (env.ALLOW_SANDBOX !== undefined && !['true', 'false', ''].includes(env.ALLOW_SANDBOX) ? 'must be true or false' : undefined),
  },
  // Secrets with a development default.
  secretRule('PRINCIPAL_SECRET', 'all'),
  secretRule('PRODUCT_KEY_SECRET', ['usage-log']),
  // Public URLs: every mail link is built from one.
  { setting: 'PUBLIC_URL', processes: LINKING, problem: (env) => publicOriginProblem(set(env, 'PUBLIC_URL')) },
  {
    setting: 'PUBLIC_URLS', processes: LINKING,
    problem: (env) => {
      let urls: Partial<Record<TRegion, string>>;
      try {
        urls = parsePublicUrls(env.PUBLIC_URLS);
      } catch (err) {
        return (err as Error).message;
      }
      const bad = Object.entries(urls).map(([region, url]) => [region, publicOriginProblem(url)] as const).filter(([, p]) => p);
      return bad.length ? bad.map(([region, p]) => `${region}: ${p}`).join('; ') : undefined;
    },
  },
  {
    // A region served by a host of the host map mails links to that region's host: PUBLIC_URLS
    // names it, unless PUBLIC_URL is itself a host of that region.
    setting: 'PUBLIC_URLS', processes: HOST_MAPPING,
    problem: (env) => {
      let map: THostMap;
      let urls: Partial<Record<TRegion, string>>;
      try {
        map = hostMapOf(env);
        urls = parsePublicUrls(env.PUBLIC_URLS);
      } catch {
        return undefined; // HOST_MAP's own parse, and the rule above, say what is wrong
      }
      const publicHost = (() => { try { return new URL(set(env, 'PUBLIC_URL') ?? '').hostname; } catch { return ''; } })();
      const own = map[publicHost]?.region;
      const served = new Set(Object.entries(map).filter(([host]) => !LOOPBACK.test(host)).map(([, entry]) => entry.region));
      const missing = [...served].filter((region) => region !== own && !urls[region]).sort();
      return missing.length ? `a public URL is missing for the region(s) ${missing.join(', ')} that HOST_MAP serves (PUBLIC_URLS: {"<region>": "https://<its host>"})` : undefined;
    },
  },
  // The dev mailbox shows every MFA code and reset link.
  { setting: 'DEV_MAILBOX', processes: ['gateway'], problem: (env) => (set(env, 'DEV_MAILBOX') && env.DEV_MAILBOX !== 'off' ? 'the dev mailbox is never served in production' : undefined) },
  { setting: 'SMTP_SINK_PORT', processes: ['gateway'], problem: (env) => (set(env, 'SMTP_SINK_PORT') ? 'the dev SMTP sink is never run in production' : undefined) },
];

/** The refusals of `process` under `env` ("SETTING: why"), empty when it may start. */
export function productionProblems(env: Env, process: GuardedProcess): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return PRODUCTION_RULES
    .filter((rule) => rule.processes === 'all' || process === 'portal' || rule.processes.includes(process))
    .map((rule) => [rule.setting, rule.problem(env)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([setting, problem]) => `${setting}: ${problem}`);
}

/** Throws a ConfigError naming every unsafe setting (NODE_ENV=production only). */
export function assertProductionSafe(env: Env, process: GuardedProcess): void {
  const problems = productionProblems(env, process);
  if (problems.length) throw new ConfigError(`Refusing to start ${process} in production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
