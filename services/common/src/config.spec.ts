import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, describeConfig, loadConfig, principalSecret, ZBaseConfig } from './config.js';

describe('config', () => {
  it('parses the environment with defaults', () => {
    const config = loadConfig(ZBaseConfig, {});
    expect(config.TRANSPORT).toBe('in-process');
    expect(config.INTERNAL_TIMEOUT_MS).toBe(15_000);
  });

  it('fails fast on a bad value, naming the variable and never echoing the value', () => {
    const schema = ZBaseConfig.extend({ SMTP_PASS: z.string().min(12) });
    const attempt = () => loadConfig(schema, { TRANSPORT: 'carrier-pigeon', SMTP_PASS: 'hunter2', INTERNAL_TIMEOUT_MS: '-5' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => { try { attempt(); } catch (e) { return (e as Error).message; } return ''; })();
    expect(message).toMatch(/TRANSPORT/);
    expect(message).toMatch(/SMTP_PASS/);
    expect(message).toMatch(/INTERNAL_TIMEOUT_MS/);
    expect(message).not.toContain('hunter2');
  });

  it('masks secrets and credentials in URLs when the config is described for a log', () => {
    const described = describeConfig({
      DATABASE_URL: 'postgres://app:s3cret@db:5432/portal',
      DATABASE_URL_THA: 'postgres://app:s3cret@db-tha:5432/portal',
      SMTP_URL: 'smtp://mailer:p4ss@smtp.example.com:587',
      BASIC_AUTH_PASSWORD: 'open-sesame',
      PRODUCT_ACCOUNTS_API_KEY: 'k-123',
      NATS_URL: 'nats://127.0.0.1:4222',
      PORT: 8080,
    });
    const text = JSON.stringify(described);
    for (const secret of ['s3cret', 'p4ss', 'open-sesame', 'k-123']) expect(text).not.toContain(secret);
    expect(described.DATABASE_URL).toBe('[secret]');
    expect(described.DATABASE_URL_THA).toBe('postgres://[secret]@db-tha:5432/portal');
    expect(described.SMTP_URL).toBe('smtp://[secret]@smtp.example.com:587');
    expect(described.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(described.PORT).toBe(8080);
  });

  it('needs PRINCIPAL_SECRET in production, uses a development one elsewhere, and never prints it', () => {
    expect(() => principalSecret(loadConfig(ZBaseConfig, { NODE_ENV: 'production' }))).toThrow(/PRINCIPAL_SECRET/);
    expect(() => loadConfig(ZBaseConfig, { PRINCIPAL_SECRET: 'too short' })).toThrow(ConfigError);
    const secret = 's'.repeat(40);
    expect(principalSecret(loadConfig(ZBaseConfig, { NODE_ENV: 'production', PRINCIPAL_SECRET: secret }))).toBe(secret);
    expect(principalSecret(loadConfig(ZBaseConfig, {}))).toMatch(/development/);
    expect(describeConfig(loadConfig(ZBaseConfig, { PRINCIPAL_SECRET: secret, NATS_PASSWORD: 'p' }))).toMatchObject({ PRINCIPAL_SECRET: '[secret]', NATS_PASSWORD: '[secret]' });
  });
});
