/**
 * Trust on the NATS network (issue 9, item 5): the gateway signs the principal it sends; a service
 * refuses a principal without the gateway's signature. A process on the NATS network that writes
 * an operator principal into a raw request cannot switch on maintenance mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Headers, Subjects } from '@portal/proto';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { signPrincipal } from '@portal/service-common/principal-signature';
import { principalSecret } from '@portal/service-common/config';
import { startTestPortal, TEST_NATS_URL, type TestPortal } from '../support/harness.js';

const operator = JSON.stringify({
  account_uuid: '00000000-0000-4000-8000-000000000001', context: 'operator', client_uuid: null, partner_uuid: null, level: 9,
  contract_type: 'none', proxy: false, partner_in_client_area: false, region: 'jpn', language: 'en-us', home_shard: 'global', session_id: 'forged',
});

describe('signed principals over NATS', () => {
  let portal: TestPortal;
  let intruder: NatsTransport;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    intruder = await NatsTransport.connect(TEST_NATS_URL, 'intruder', portal.natsNamespace);
  });
  afterAll(async () => {
    await intruder?.drain();
    await portal?.close();
  });

  const setMaintenance = (headers: Record<string, string>) =>
    intruder.request(Subjects.notification.maintenanceSet, { maintenance: true }, { headers: { [Headers.requestId]: 'forged-1', ...headers }, timeoutMs: 10_000 });
  const maintenanceOn = async () => (await portal.call('GET', '/v1/maintenance/status')).body.result.maintenance as boolean | undefined;

  it('refuses a raw request with a forged operator principal, unsigned or signed with another secret, and changes nothing', async () => {
    const deadline = String(Date.now() + 10_000);
    expect(await setMaintenance({ [Headers.principal]: operator })).toMatchObject({ ok: false, error: { code: 40000 } });
    expect(await setMaintenance({ [Headers.principal]: operator, [Headers.deadline]: deadline, [Headers.principalSignature]: signPrincipal('guessed-'.repeat(5), operator, deadline) }))
      .toMatchObject({ ok: false, error: { code: 40000 } });
    expect(await maintenanceOn()).toBe(false);
  });

  it('accepts the same request signed with the portal\'s secret (so the refusal above is the signature\'s)', async () => {
    const deadline = String(Date.now() + 10_000);
    const secret = principalSecret({ NODE_ENV: 'test', PRINCIPAL_SECRET: undefined });
    expect(await setMaintenance({ [Headers.principal]: operator, [Headers.deadline]: deadline, [Headers.principalSignature]: signPrincipal(secret, operator, deadline) }))
      .toMatchObject({ ok: true });
    await intruder.request(Subjects.notification.maintenanceSet, { maintenance: false }, {
      headers: { [Headers.principal]: operator, [Headers.deadline]: deadline, [Headers.principalSignature]: signPrincipal(secret, operator, deadline) }, timeoutMs: 10_000,
    });
  });

  it('still serves a signed-in operator through the gateway', async () => {
    const login = await portal.call('POST', '/v1/login', { body: { email: 'operator@example.com', password: 'Operator#2026', privacy_agreed: true } });
    expect(login.body.result.access_status.code).toBe(20000);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.slice('csrf_token='.length);
    const on = await portal.call('PUT', '/v1/operator/maintenance', { body: { maintenance: false }, headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf } });
    expect(on.body.result.access_status.code).toBe(20000);
  });
});
