import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 2 §9: a request with a Thai host is served in th-th and writes to the `tha` shard, one
 * with host localhost writes to `jpn`; the same request answers identically in-process. The NATS
 * portal runs the whole path over the real NATS server and real PostgreSQL, including the outbox
 * -> JetStream -> notification -> SMTP chain.
 */
describe.each(['nats', 'in-process'] as const)('region routing over %s', (transport) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ transport });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('serves a Thai host in th-th and writes to the tha shard', async () => {
    const res = await portal.call('POST', '/v1/signup/temporary', { host: 'th.portal.example.com', body: { email: 'somchai@example.co.th', terms_agreed: true, eu_subject: false } });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ region: 'tha', language: 'th-th', access_status: { code: 20000, message: 'สำเร็จ' } });
    const tha = await portal.db.query('SELECT email, language, region FROM tha_identity.temporary_registrations');
    expect(tha).toEqual([{ email: 'somchai@example.co.th', language: 'th-th', region: 'tha' }]);
    expect(await portal.db.query('SELECT 1 FROM jpn_identity.temporary_registrations')).toHaveLength(0);

    // The mail went through the outbox and the notification service, in Thai, with a Thai-host link.
    const mail = await eventually(async () => portal.mailbox.messages({ to: 'somchai@example.co.th' })[0]);
    expect(mail.subject).toBe('กรุณาลงทะเบียนให้เสร็จสมบูรณ์');
    expect(mail.text).toMatch(/http:\/\/th\.portal\.example\.com(:\d+)?\/signup\/[\w-]{43}\/1/);
    await portal.settle(); // the relay marks the row after the mail is out: wait for that, not for luck
    const outbox = await portal.db.query<{ published: boolean }>('SELECT published_at IS NOT NULL AS published FROM tha_identity.outbox');
    expect(outbox).toEqual([{ published: true }]);
  });

  it('serves localhost in ja-jp and writes to the jpn shard', async () => {
    const res = await portal.call('POST', '/v1/signup/temporary', { body: { email: 'taro@example.jp', terms_agreed: true } });
    expect(res.body.result).toEqual({ region: 'jpn', language: 'ja-jp', access_status: { code: 20000, message: '成功しました。' } });
    expect(await portal.db.query('SELECT email FROM jpn_identity.temporary_registrations')).toEqual([{ email: 'taro@example.jp' }]);
    expect(await portal.db.query("SELECT 1 FROM tha_identity.temporary_registrations WHERE email = 'taro@example.jp'")).toHaveLength(0);
    const mail = await eventually(async () => portal.mailbox.messages({ to: 'taro@example.jp' })[0]);
    expect(mail.subject).toBe('本登録のご案内');
  });

  it('refuses bad input with localised field errors and writes nothing', async () => {
    const res = await portal.call('POST', '/v1/signup/temporary', { host: 'th.portal.example.com', body: { email: 'not-an-email', terms_agreed: false } });
    expect(res.status).toBe(422);
    expect(res.body.result.access_status.code).toBe(40011);
    expect(res.body.result.errors).toEqual({ email: ['กรุณากรอกที่อยู่อีเมลที่ถูกต้อง'], terms_agreed: ['กรุณายอมรับข้อกำหนดการใช้งานและนโยบายความเป็นส่วนตัว'] });
    expect(await portal.db.query("SELECT 1 FROM tha_identity.temporary_registrations WHERE email = 'not-an-email'")).toHaveLength(0);
  });

  it('answers maintenance status through the service, and 50001 with the window while the flag is on', async () => {
    const off = await portal.call('GET', '/v1/maintenance/status');
    expect(off.status).toBe(200);
    expect(off.body.result).toMatchObject({ maintenance: false, access_status: { code: 20000 } });

    const window = { starts_at: '2026-12-01T01:00:00.000Z', ends_at: '2026-12-01T04:00:00.000Z' };
    const set = await portal.transport.request('notification.maintenance.set', { maintenance: true, ...window }, { headers: {}, timeoutMs: 5_000 });
    expect(set.ok).toBe(true);
    const on = await eventually(async () => {
      const r = await portal.call('GET', '/v1/maintenance/status', { host: 'portal.example.com' });
      return r.status === 503 ? r : undefined;
    }, 5_000);
    expect(on.body.result).toEqual({
      maintenance: true, window,
      access_status: { code: 50001, message: 'The service is down for maintenance for a few hours.' },
    });
    await portal.transport.request('notification.maintenance.set', { maintenance: false }, { headers: {}, timeoutMs: 5_000 });
  });

  it('reports ready only when every service answers', async () => {
    const res = await portal.call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual({ transport: 'ok', identity: 'ok', licence: 'ok', billing: 'ok', notification: 'ok', 'usage-log': 'ok' });
  });
});

describe('the same request gives the same answer in both modes', () => {
  it('is identical over NATS and in-process', async () => {
    const portals = await Promise.all([startTestPortal({ transport: 'nats' }), startTestPortal({ transport: 'in-process' })]);
    try {
      const requests = [
        ['GET', '/v1/maintenance/status', undefined, 'vn.portal.example.com'],
        ['POST', '/v1/signup/temporary', { email: 'x@example.com', terms_agreed: true, eu_subject: false }, 'th.portal.example.com'],
        ['POST', '/v1/signup/temporary', { email: '', terms_agreed: true }, 'portal.example.jp'],
        ['GET', '/v1/does/not/exist', undefined, 'portal.example.com'],
        ['PUT', '/v1/operator/maintenance', { maintenance: true }, 'portal.example.jp'],
      ] as const;
      for (const [method, path, body, host] of requests) {
        const [a, b] = await Promise.all(portals.map((p) => p.call(method, path, { body, host })));
        expect({ status: a!.status, body: a!.body }).toEqual({ status: b!.status, body: b!.body });
      }
    } finally {
      await Promise.all(portals.map((p) => p.close()));
    }
  });
});
