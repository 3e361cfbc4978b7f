import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 9 item 6 (part): two concurrent requests for one address. Both pass the "already
 * registered" pre-check; the second insert meets the unique index and must answer 40011 (the
 * address is taken), not 50000. The pre-check names the row (`users.0.email`); the unique index,
 * not knowing the row, names `users`: seeing the latter proves a race was really run.
 */
describe('a duplicate-email race (issue 9, item 6)', () => {
  let portal: TestPortal;
  let owners: Agent[];
  const TAKEN = 'このメールアドレスはすでに登録されています。';

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owners = [];
    for (let i = 0; i < 4; i++) {
      const owner = new Agent(portal);
      await owner.login('owner@example.com', 'Owner#2026');
      owners.push(owner);
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers concurrent invitations of one address with one account and 40011 for the others', { timeout: 60_000 }, async () => {
    let raced = 0;
    for (let round = 0; round < 6 && raced === 0; round++) {
      const email = `race${round}@example.com`;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) =>
        owners[i % owners.length]!.call('POST', '/v1/user/invite', { users: [{ email, family_name: '競争', given_name: `${i}号`, authority: 'user', products: [] }] })));
      expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(422);
        expect(refused.body.result.access_status.code).toBe(40011);
        expect(Object.values(refused.body.result.errors).flat()).toEqual([TAKEN]);
      }
      raced += answers.filter((a) => a.body.result.errors?.users).length;
      expect(await portal.db.query('SELECT 1 FROM jpn_identity.accounts WHERE email = $1', [email])).toHaveLength(1);
    }
    // At least one round really raced past the pre-check to the unique index.
    expect(raced).toBeGreaterThan(0);
    await portal.settle();
  });

  it('answers concurrent registrations of one address with one company and 40011 for the others', { timeout: 60_000 }, async () => {
    const email = 'race-signup@example.com';
    // Two temporary registrations of one address (each mails its own link).
    for (let i = 0; i < 2; i++) expect((await new Agent(portal).call('POST', '/v1/signup/temporary', { email, terms_agreed: true })).status).toBe(200);
    await portal.settle();
    const tokens = portal.mailbox.messages({ to: email }).map((m) => /\/signup\/([^/\s]+)\/1/.exec(m.text)![1]!);
    expect(tokens).toHaveLength(2);
    const register = (token: string, i: number) => new Agent(portal).call('POST', '/v1/client/register', {
      access_token: decodeURIComponent(token), company_name: `競争商事${i}`, family_name: '競争', given_name: '太郎', phone: '0312345678',
      password: 'Race#2026x', password_confirm: 'Race#2026x', terms_agreed: true, privacy_agreed: true,
      position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '11-30', budget: 'yen_1m_10m',
    });
    const answers = await Promise.all(tokens.map(register));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.result.access_status.code).toBe(40011);
    expect(await portal.db.query('SELECT 1 FROM jpn_identity.accounts WHERE email = $1', [email])).toHaveLength(1);
    expect(await portal.db.query("SELECT 1 FROM jpn_identity.tenants WHERE name LIKE '競争商事%'")).toHaveLength(1);
  });
});
