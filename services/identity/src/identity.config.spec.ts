import { describe, expect, it } from 'vitest';
import { loadConfig } from '@portal/service-common/config';
import { ZIdentityConfig } from './identity.config.js';
import { loadTestCode } from './passwords/tokens.js';

/** Issue 24, item 10: load-test MFA codes (the k6 MFA journey without the dev mailbox), never in production. */
describe('identity config: load-test MFA codes', () => {
  const secret = 'a-load-test-secret-of-32-characters!';

  it('are off by default and allowed outside production with a domain', () => {
    expect(loadConfig(ZIdentityConfig, {}).LOAD_TEST_MFA_SECRET).toBeUndefined();
    const config = loadConfig(ZIdentityConfig, { NODE_ENV: 'development', LOAD_TEST_MFA_SECRET: secret, LOAD_TEST_EMAIL_DOMAIN: 'loadtest.example.com' });
    expect(config.LOAD_TEST_EMAIL_DOMAIN).toBe('loadtest.example.com');
  });

  it('refuse to start in production, naming the setting, and need the secret and the domain together', () => {
    expect(() => loadConfig(ZIdentityConfig, { NODE_ENV: 'production', LOAD_TEST_MFA_SECRET: secret, LOAD_TEST_EMAIL_DOMAIN: 'loadtest.example.com' })).toThrow(/LOAD_TEST_MFA_SECRET/);
    expect(() => loadConfig(ZIdentityConfig, { LOAD_TEST_MFA_SECRET: secret })).toThrow(/LOAD_TEST_EMAIL_DOMAIN/);
    expect(() => loadConfig(ZIdentityConfig, { LOAD_TEST_MFA_SECRET: 'short', LOAD_TEST_EMAIL_DOMAIN: 'loadtest.example.com' })).toThrow(/LOAD_TEST_MFA_SECRET/);
  });

  it('derive six digits per account from the secret, the same for any case of the address', () => {
    const code = loadTestCode(secret, 'lt-1@loadtest.example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(loadTestCode(secret, 'LT-1@LoadTest.example.com')).toBe(code);
    expect(loadTestCode(secret, 'lt-2@loadtest.example.com')).not.toBe(code);
    expect(loadTestCode(`${secret}x`, 'lt-1@loadtest.example.com')).not.toBe(code);
  });
});
