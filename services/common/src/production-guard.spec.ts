import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { DEV_SECRETS } from './dev-secrets.js';
import { assertProductionSafe, productionProblems, type GuardedProcess } from './production-guard.js';

/** A production environment every rule accepts (the real adapters, dummy endpoints). */
const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PRINCIPAL_SECRET: 'a-production-principal-secret-of-32-chars-or-more',
  PRODUCT_KEY_SECRET: 'ab'.repeat(32),
  PUBLIC_URL: 'https://portal.example.jp',
  PUBLIC_URLS: JSON.stringify({ usa: 'https://portal.example.com' }),
  HOST_MAP: JSON.stringify({ 'portal.example.jp': { region: 'jpn' }, 'portal.example.com': { region: 'usa' }, localhost: { region: 'jpn' } }),
  PAYMENT_GATEWAY: 'gmo',
  CORPORATE_NUMBER_DIRECTORY: 'nta',
  PRODUCT_CONNECTION: 'http',
  PRODUCT_ACCOUNTS_URL: 'https://products.example.jp/api',
};
const ALL: GuardedProcess[] = ['gateway', 'identity', 'licence', 'billing', 'notification', 'usage-log', 'portal'];
const without = (key: string) => Object.fromEntries(Object.entries(SAFE).filter(([k]) => k !== key));
/** The processes refusing `env`, each with its lines. */
const refusing = (env: Record<string, string | undefined>) =>
  Object.fromEntries(ALL.map((p) => [p, productionProblems(env, p)] as const).filter(([, problems]) => problems.length));

describe('the production config guard (issue 24)', () => {
  it('lets every process start with a safe production configuration', () => {
    expect(refusing(SAFE)).toEqual({});
  });

  it('checks nothing outside production (development and tests run on sandboxes and defaults)', () => {
    expect(refusing({ NODE_ENV: 'development' })).toEqual({});
    expect(refusing({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'sandbox', DEV_MAILBOX: 'on' })).toEqual({});
  });

  it.each([
    ['PAYMENT_GATEWAY', 'billing'],
    ['CORPORATE_NUMBER_DIRECTORY', 'licence'],
    ['PRODUCT_CONNECTION', 'licence'],
  ] as const)('%s: the sandbox is refused, and so is no choice (no sandbox default)', (setting, process) => {
    expect(productionProblems({ ...SAFE, [setting]: 'sandbox' }, process)).toEqual([expect.stringMatching(new RegExp(`^${setting}: the sandbox adapter is refused`))]);
    expect(productionProblems(without(setting), process)).toEqual([expect.stringMatching(new RegExp(`^${setting}: required in production`))]);
    expect(Object.keys(refusing({ ...SAFE, [setting]: 'sandbox' }))).toEqual([process, 'portal']);
  });

  it('LICENCE_DOMAIN_RESOLVER: the sandbox is refused; unset is real DNS', () => {
    expect(productionProblems({ ...SAFE, LICENCE_DOMAIN_RESOLVER: 'sandbox' }, 'licence')).toEqual([expect.stringMatching(/^LICENCE_DOMAIN_RESOLVER: the sandbox resolver is refused/)]);
    expect(productionProblems({ ...SAFE, LICENCE_DOMAIN_RESOLVER: 'dns' }, 'licence')).toEqual([]);
  });

  it('PRODUCT_ACCOUNTS_URL: unset selects the sandbox, refused', () => {
    expect(productionProblems(without('PRODUCT_ACCOUNTS_URL'), 'identity')).toEqual([expect.stringMatching(/^PRODUCT_ACCOUNTS_URL: required in production/)]);
  });

  it('ALLOW_SANDBOX=true lets a staging install select sandboxes, and nothing else', () => {
    const staging = { ...SAFE, ALLOW_SANDBOX: 'true', PAYMENT_GATEWAY: 'sandbox', CORPORATE_NUMBER_DIRECTORY: 'sandbox', PRODUCT_CONNECTION: 'sandbox', LICENCE_DOMAIN_RESOLVER: 'sandbox', PRODUCT_ACCOUNTS_URL: '' };
    expect(refusing(staging)).toEqual({});
    expect(productionProblems({ ...staging, PRINCIPAL_SECRET: '' }, 'identity')).toEqual([expect.stringMatching(/^PRINCIPAL_SECRET:/)]);
    expect(productionProblems({ ...staging, DEV_MAILBOX: 'on' }, 'gateway')).toEqual([expect.stringMatching(/^DEV_MAILBOX:/)]);
    expect(productionProblems({ ...SAFE, ALLOW_SANDBOX: 'yes' }, 'gateway')).toEqual(['ALLOW_SANDBOX: must be true or false']);
  });

  it('PRINCIPAL_SECRET: every process refuses it unset or at its development default', () => {
    expect(Object.keys(refusing(without('PRINCIPAL_SECRET')))).toEqual(ALL);
    expect(productionProblems({ ...SAFE, PRINCIPAL_SECRET: DEV_SECRETS.PRINCIPAL_SECRET }, 'notification')).toEqual([expect.stringMatching(/^PRINCIPAL_SECRET: has its development default/)]);
  });

  it('PRODUCT_KEY_SECRET: usage-log refuses it unset or at its development default', () => {
    expect(Object.keys(refusing(without('PRODUCT_KEY_SECRET')))).toEqual(['usage-log', 'portal']);
    expect(productionProblems({ ...SAFE, PRODUCT_KEY_SECRET: DEV_SECRETS.PRODUCT_KEY_SECRET }, 'usage-log')).toEqual([expect.stringMatching(/^PRODUCT_KEY_SECRET: has its development default/)]);
  });

  it('PUBLIC_URL: the processes that build links refuse it missing, or pointing at this machine', () => {
    expect(Object.keys(refusing(without('PUBLIC_URL')))).toEqual(['gateway', 'identity', 'licence', 'billing', 'portal']);
    for (const url of ['http://localhost:8080', 'http://127.0.0.1', 'not a url']) {
      expect(productionProblems({ ...SAFE, PUBLIC_URL: url }, 'billing')).toEqual([expect.stringMatching(/^PUBLIC_URL: /)]);
    }
  });

  it('PUBLIC_URLS: a region HOST_MAP serves on a host of its own needs its public URL; entries must be public', () => {
    expect(productionProblems(without('PUBLIC_URLS'), 'gateway')).toEqual([expect.stringMatching(/^PUBLIC_URLS: a public URL is missing for the region\(s\) usa/)]);
    // The built-in example host map serves eleven regions: each needs its URL.
    expect(productionProblems(without('HOST_MAP'), 'identity')).toEqual([expect.stringMatching(/^PUBLIC_URLS: a public URL is missing for the region\(s\) chn, idn, mys, other, phl, sgp, tha, twn, vnm that HOST_MAP serves/)]);
    expect(productionProblems({ ...SAFE, PUBLIC_URLS: JSON.stringify({ usa: 'http://localhost:8081' }) }, 'licence')).toEqual(['PUBLIC_URLS: usa: must be the host visitors use, not localhost']);
    expect(productionProblems({ ...SAFE, PUBLIC_URLS: JSON.stringify({ mars: 'https://x.example' }) }, 'licence')).toEqual(['PUBLIC_URLS: unknown region "mars"']);
  });

  it('DEV_MAILBOX and SMTP_SINK_PORT: the gateway never serves the dev mailbox in production', () => {
    expect(productionProblems({ ...SAFE, DEV_MAILBOX: 'on' }, 'gateway')).toEqual(['DEV_MAILBOX: the dev mailbox is never served in production']);
    expect(productionProblems({ ...SAFE, DEV_MAILBOX: 'off' }, 'gateway')).toEqual([]);
    expect(productionProblems({ ...SAFE, SMTP_SINK_PORT: '2525' }, 'gateway')).toEqual(['SMTP_SINK_PORT: the dev SMTP sink is never run in production']);
  });

  it('refuses with one ConfigError naming every unsafe setting of the process', () => {
    const attempt = () => assertProductionSafe({ ...without('PUBLIC_URL'), PAYMENT_GATEWAY: 'sandbox', PRINCIPAL_SECRET: DEV_SECRETS.PRINCIPAL_SECRET }, 'billing');
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/Refusing to start billing in production:\n {2}PAYMENT_GATEWAY: .*\n {2}PRINCIPAL_SECRET: .*\n {2}PUBLIC_URL: /);
  });
});
