import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 12, slice B: notices (targets, payment filter, edit rules, read history, the auth info's
 * news_num) and inquiries (operator or partner receivers, the last receiver, acknowledgement).
 * The demo client (jpn) pays for bownow (seeded contract); "Free KK" is a client without a
 * contract and without a partner, added here. Issue 25 point 3 (last three tests): a duplicate is an
 * undelivered draft; publish, preview as a client, archive keeping read counts.
 */
describe('notices and inquiries (issue 12, slice B)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let paidOwner: Agent;
  let paidUser: Agent;
  let freeOwner: Agent;
  let partner: Agent;
  const free = { client: randomUUID(), account: randomUUID() };
  const hour = 3600_000;
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const delivering = { starts_at: iso(-hour), ends_at: iso(24 * hour) };
  const notice = (title: string, extra: Record<string, unknown> = {}) => ({ target: 'all', title, body: `<p>${title}</p>`, ...delivering, ...extra });
  const code = (res: { body: any }) => res.body.result.access_status.code as number;
  const count = async (table: string) => (await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jpn_notification.${table}`))[0]!.n;
  /** The titles of this test's notices an account sees (the seed's are left out). */
  const seen = async (agent: Agent, prefix: string) => {
    const res = await agent.call('GET', '/v1/notice/list?per_page=100');
    expect(res.status).toBe(200);
    return (res.body.result.notices as { title: string }[]).map((n) => n.title).filter((t) => t.startsWith(prefix)).sort();
  };

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    await portal.db.query(
      `INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, partner_uuid, updated_at) VALUES ($1, 'Free KK', 'jpn', 'none', NULL, now())`, [free.client]);
    await portal.db.query(
      `INSERT INTO jpn_identity.tenants (uuid, kind, name, contract_type, partner_uuid, updated_at) VALUES ($1, 'client', 'Free KK', 'none', NULL, now())`, [free.client]);
    await portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
       VALUES ($1, 'free-owner@example.com', $2, '無料', '太郎', 'client', 'owner', $3, 'active', 'ja-jp', now())`,
      [free.account, await hash('FreeOwner#2026'), free.client]);
    const login = async (email: string, password: string) => {
      const agent = new Agent(portal);
      const res = await agent.login(email, password);
      expect(code(res), email).toBe(20000);
      return agent;
    };
    [operator, paidOwner, paidUser, freeOwner, partner] = await Promise.all([
      login('operator@example.com', 'Operator#2026'), login('owner@example.com', 'Owner#2026'), login('user@example.com', 'User#2026'),
      login('free-owner@example.com', 'FreeOwner#2026'), login('partner@example.com', 'Partner#2026'),
    ]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('selects exactly the right accounts for each target and payment filter', async () => {
    const csv = (rows: string[]) => ['client_uuid', ...rows].join('\n');
    const cases = [
      notice('T1 all'),
      notice('T2 clients', { target: 'clients' }),
      notice('T3 partners', { target: 'partners' }),
      notice('T4 clients paid', { target: 'clients', payment: 'paid' }),
      notice('T5 clients free', { target: 'clients', payment: 'free' }),
      notice('T6 one client', { target: 'client', client_uuid: free.client }),
      notice('T7 csv', { target: 'csv', csv: csv([DEMO_IDS.client]) }),
      notice('T8 csv free', { target: 'csv', payment: 'free', csv: csv([DEMO_IDS.client, free.client]) }),
      notice('T9 csv paid', { target: 'csv', payment: 'paid', csv: csv([DEMO_IDS.client, free.client]) }),
    ];
    for (const body of cases) expect(code(await operator.call('POST', '/v1/operator/notices', body)), body.title).toBe(20000);

    expect(await seen(paidOwner, 'T')).toEqual(['T1 all', 'T2 clients', 'T4 clients paid', 'T7 csv', 'T9 csv paid']);
    // Every account of the client sees the same notices.
    expect(await seen(paidUser, 'T')).toEqual(['T1 all', 'T2 clients', 'T4 clients paid', 'T7 csv', 'T9 csv paid']);
    expect(await seen(freeOwner, 'T')).toEqual(['T1 all', 'T2 clients', 'T5 clients free', 'T6 one client', 'T8 csv free']);
    expect(await seen(partner, 'T')).toEqual(['T1 all', 'T3 partners']);
    // Operators write notices; they read none.
    expect((await operator.call('GET', '/v1/notice/list')).status).toBe(403);

    const list = (await operator.call('GET', '/v1/operator/notices?per_page=100')).body.result.notices as { title: string; audience: number | null; clients: unknown[] }[];
    expect(list.find((n) => n.title === 'T8 csv free')).toMatchObject({ audience: 1, clients: [expect.objectContaining({ company_name: 'Free KK' }), expect.anything()] });
  });

  it('keeps an unread count and read history per account, and the auth info carries them', async () => {
    const before = (await paidUser.call('GET', '/v1/notice/news_num')).body.result;
    const list = (await paidUser.call('GET', '/v1/notice/list?per_page=100')).body.result;
    expect(list.news_num).toBe(before.news_num);
    expect(before.news_num).toBe(list.notices.filter((n: { read: boolean }) => !n.read).length);
    // The seed's notice to everyone is shown on top.
    expect(before.top_notice_title).toBe('メンテナンスのお知らせ');
    const auth = (await paidUser.call('GET', '/v1/user-auth')).body.result;
    expect(auth).toMatchObject({ news_num: before.news_num, top_notice_title: 'メンテナンスのお知らせ' });

    const ids = list.notices.slice(0, 2).map((n: { id: string }) => n.id);
    const after = await paidUser.call('POST', '/v1/notice/history', { ids });
    expect(after.body.result.news_num).toBe(before.news_num - 2);
    // Another account of the same client has read nothing.
    expect((await paidOwner.call('GET', '/v1/notice/news_num')).body.result.news_num).toBe(before.news_num);
    // Reading again, or a notice the account cannot see, changes nothing.
    const partnerOnly = (await operator.call('GET', '/v1/operator/notices?per_page=100')).body.result.notices.find((n: { title: string }) => n.title === 'T3 partners').id;
    const again = await paidUser.call('POST', '/v1/notice/history', { ids: [...ids, partnerOnly] });
    expect(again.body.result.news_num).toBe(before.news_num - 2);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_notification.notice_reads WHERE notice_id = $1', [partnerOnly]))[0]!.n).toBe(0);
    expect((await paidUser.call('GET', '/v1/user-auth')).body.result.news_num).toBe(before.news_num - 2);
  });

  it('lets every field change before delivery, only title and body once it has started, and duplicates', async () => {
    const create = async (title: string, period: { starts_at: string; ends_at: string }) =>
      (await operator.call('POST', '/v1/operator/notices', { ...notice(title), ...period })).body.result.notice;
    const before = await create('E before', { starts_at: iso(24 * hour), ends_at: iso(48 * hour) });
    const between = await create('E between', delivering);
    const after = await create('E after', { starts_at: iso(-48 * hour), ends_at: iso(-24 * hour) });
    expect([before.publish_status, between.publish_status, after.publish_status]).toEqual(['before', 'between', 'after']);
    const edit = (n: any, changes: Record<string, unknown>) => operator.call('PUT', '/v1/operator/notices', {
      id: n.id, product: n.product, target: n.target, payment: n.payment, title: n.title, body: n.body, url: n.url,
      starts_at: n.starts_at, ends_at: n.ends_at, on_top: n.on_top, fixed: n.fixed, ...changes,
    });

    const moved = await edit(before, { target: 'partners', url: 'https://example.com/info', on_top: true, starts_at: iso(2 * hour) });
    expect(moved.body.result.notice).toMatchObject({ target: 'partners', url: 'https://example.com/info', on_top: true, publish_status: 'before' });

    for (const n of [between, after]) {
      const refused = await edit(n, { url: 'https://example.com/other', ends_at: iso(72 * hour) });
      expect(code(refused)).toBe(40011);
      expect(Object.keys(refused.body.result.errors).sort()).toEqual(['ends_at', 'url']);
      expect((await operator.call('GET', `/v1/operator/notice?id=${n.id}`)).body.result.notice.url).toBe('');
      const retitled = await edit(n, { title: `${n.title} (fixed)`, body: '<p>new text</p>' });
      expect(retitled.body.result.notice).toMatchObject({ title: `${n.title} (fixed)`, body: '<p>new text</p>', url: '' });
    }

    const copy = (await operator.call('POST', '/v1/operator/notices/duplicate', { id: between.id })).body.result.notice;
    expect(copy.id).not.toBe(between.id);
    // Issue 25: the copy is a draft without dates (notice-drafts.int.spec.ts); archived, not deleted.
    expect(copy).toMatchObject({ title: 'E between (fixed)', target: 'all', reads: 0, state: 'draft', starts_at: null });
    expect(code(await operator.call('POST', '/v1/operator/notices/archive', { id: copy.id }))).toBe(20000);
    expect((await operator.call('GET', `/v1/operator/notice?id=${copy.id}`)).body.result.notice.archived).toBe(true);
  });

  it('refuses bad input with a message on the field and writes nothing; sanitises HTML', async () => {
    const [notices, targets] = [await count('notices'), await count('notice_targets')];
    const backwards = await operator.call('POST', '/v1/operator/notices', notice('B backwards', { starts_at: iso(2 * hour), ends_at: iso(hour) }));
    expect(code(backwards)).toBe(40011);
    expect(backwards.body.result.errors.ends_at[0]).toBe('配信終了日時は配信開始日時より後にしてください。');

    const unknown = randomUUID();
    const csv = await operator.call('POST', '/v1/operator/notices', notice('B csv', { target: 'csv', csv: `client_uuid\n${DEMO_IDS.client}\n${unknown}\nnot-a-uuid` }));
    expect(code(csv)).toBe(40011);
    expect(csv.body.result.errors.csv[0]).toBe('次のCSVの行はクライアントUUIDではありません：4。');
    const csvUnknown = await operator.call('POST', '/v1/operator/notices', notice('B csv', { target: 'csv', csv: `client_uuid\n${DEMO_IDS.client}\n${unknown}` }));
    expect(csvUnknown.body.result.errors.csv[0]).toBe('CSVのクライアント1件が存在しません（3行目）。保存されていません。');
    const oneUnknown = await operator.call('POST', '/v1/operator/notices', notice('B one', { target: 'client', client_uuid: unknown }));
    expect(oneUnknown.body.result.errors.client_uuid[0]).toBe('このクライアントは存在しません。');

    const long = await operator.call('POST', '/v1/operator/notices', notice('x'.repeat(101)));
    expect(code(long)).toBe(40011);
    expect(long.body.result.errors.title[0]).toMatch(/100/);
    const longBody = await operator.call('POST', '/v1/operator/notices', { ...notice('B long body'), body: 'y'.repeat(2001) });
    expect(code(longBody)).toBe(40011);
    const partnersPaid = await operator.call('POST', '/v1/operator/notices', notice('B partners paid', { target: 'partners', payment: 'paid' }));
    expect(code(partnersPaid)).toBe(40011);
    const onlyScript = await operator.call('POST', '/v1/operator/notices', { ...notice('B script'), body: '<script>alert(1)</script>' });
    expect(code(onlyScript)).toBe(40011);
    expect(await count('notices')).toBe(notices);
    expect(await count('notice_targets')).toBe(targets);

    const html = await operator.call('POST', '/v1/operator/notices', {
      ...notice('B html'), body: '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><script>alert(2)</script><strong>there</strong></p>',
    });
    const stored = html.body.result.notice.body as string;
    expect(stored).toBe('<p>Hi <a rel="noopener noreferrer nofollow">x</a><strong>there</strong></p>');
    expect((await portal.db.query<{ body: string }>('SELECT body FROM jpn_notification.notices WHERE id = $1', [html.body.result.notice.id]))[0]!.body).toBe(stored);
  });

  it('starts the demo primary partner with an inquiry receiver, its owner (issue 25 item 7)', async () => {
    expect((await partner.call('GET', '/v1/partner/inquiry_receivers')).body.result.receivers).toEqual([{ email: 'partner@example.com', name: 'デモ代理店株式会社' }]);
    const viaOperator = await operator.call('GET', `/v1/operator/partners/inquiry_receivers?partner_uuid=${DEMO_IDS.partner}&region=jpn`);
    expect(viaOperator.body.result.receivers.map((r: { email: string }) => r.email)).toEqual(['partner@example.com']);
  });

  it('routes inquiries to the operator, or to the partner\'s receivers once it has some; acknowledges to the sender', async () => {
    // A partner from before the rule (no receiver at all) still has its clients' inquiries answered, by the operator.
    await portal.db.query('DELETE FROM jpn_notification.inquiry_receivers WHERE partner_uuid = $1', [DEMO_IDS.partner]);
    const inquiry = (text: string) => ({ products: ['bownow'], company_name: 'デモ商事株式会社', name: '鈴木 三郎', email: 'user@example.com', phone: '03-1234-5678', purpose: 'feature', text });
    const first = await paidUser.call('POST', '/v1/inquiry', inquiry('Q1 to the operator'));
    expect(first.body.result.inquiry).toMatchObject({ receiver: 'operator', status: 'new' });
    const ack = await mailTo(portal, 'user@example.com', /Q1 to the operator/);
    expect(ack.subject).toBe('お問い合わせを受け付けました');
    expect(ack.text).toContain('機能について');

    expect(code(await partner.call('POST', '/v1/partner/inquiry_receivers', { email: 'Support@Partner.example.com', name: '窓口' }))).toBe(20000);
    const second = await paidUser.call('POST', '/v1/inquiry', inquiry('Q2 to the partner'));
    expect(second.body.result.inquiry.receiver).toBe('partner');
    const forwarded = await mailTo(portal, 'support@partner.example.com', /Q2 to the partner/);
    expect(forwarded.subject).toBe('デモ商事株式会社様から新しいお問い合わせがあります');
    await mailTo(portal, 'user@example.com', /Q2 to the partner/);
    // A client without a partner: always the operator.
    const third = await freeOwner.call('POST', '/v1/inquiry', { ...inquiry('Q3 free client'), email: 'free-owner@example.com', company_name: 'Free KK' });
    expect(third.body.result.inquiry.receiver).toBe('operator');

    const texts = async (agent: Agent) => ((await agent.call('GET', '/v1/inquiries?per_page=100')).body.result.inquiries as { text: string }[]).map((i) => i.text);
    const operatorSees = await texts(operator);
    expect(operatorSees).toEqual(expect.arrayContaining(['Q1 to the operator', 'Q3 free client']));
    expect(operatorSees).not.toContain('Q2 to the partner');
    expect(await texts(partner)).toEqual(['Q2 to the partner']);
    expect(((await paidUser.call('GET', '/v1/inquiry')).body.result.inquiries as { text: string }[]).map((i) => i.text).slice(0, 2)).toEqual(['Q2 to the partner', 'Q1 to the operator']);

    // Status: the receiver changes it; the other receiver cannot reach it.
    const answered = await partner.call('PUT', '/v1/inquiries/status', { id: second.body.result.inquiry.id, status: 'answered' });
    expect(answered.body.result.inquiry.status).toBe('answered');
    expect(code(await partner.call('PUT', '/v1/inquiries/status', { id: first.body.result.inquiry.id, status: 'closed' }))).toBe(40011);
    expect(code(await operator.call('PUT', '/v1/inquiries/status', { id: second.body.result.inquiry.id, status: 'closed' }))).toBe(40011);
    expect((await operator.call('PUT', '/v1/inquiries/status', { id: first.body.result.inquiry.id, status: 'closed' })).body.result.inquiry.status).toBe('closed');

    // Bad input: nothing is stored, no mail.
    const inquiries = await count('inquiries');
    const bad = await paidUser.call('POST', '/v1/inquiry', { ...inquiry('x'.repeat(2001)), email: 'not-an-email', purpose: 'gossip' });
    expect(code(bad)).toBe(40011);
    expect(await count('inquiries')).toBe(inquiries);
    await portal.settle();
  });

  it('acknowledges to the sender\'s own address only, never to an address the request names (issue 21 item 3)', async () => {
    const outsider = `victim-${randomUUID().slice(0, 8)}@elsewhere.example.net`;
    const sent = await paidUser.call('POST', '/v1/inquiry', {
      products: [], company_name: 'デモ商事株式会社', name: 'Spam Bot', email: outsider, phone: '', purpose: 'others', text: 'Buy cheap watches at spam.example',
    });
    expect(code(sent)).toBe(20000);
    // The contact address is kept for the receiver; the acknowledgement goes to the account's own.
    expect(sent.body.result.inquiry.email).toBe(outsider);
    const ack = await mailTo(portal, 'user@example.com', /Buy cheap watches/);
    expect(ack.subject).toBe('お問い合わせを受け付けました');
    await portal.settle();
    expect(portal.mailbox.messages({ to: outsider })).toEqual([]);
  });

  it('reads notices and stores inquiries in the account\'s own region, whatever host it calls (issue 21 item 4)', async () => {
    const usaTitle = `usa-only ${randomUUID().slice(0, 8)}`;
    const jpnTitle = `jpn-only ${randomUUID().slice(0, 8)}`;
    const usaOperator = new Agent(portal, { host: 'portal.example.com' });
    expect(code(await usaOperator.login('operator@example.com', 'Operator#2026'))).toBe(20000);
    expect(code(await usaOperator.call('POST', '/v1/operator/notices', notice(usaTitle)))).toBe(20000);
    expect(code(await operator.call('POST', '/v1/operator/notices', notice(jpnTitle)))).toBe(20000);
    const onUsaHost = new Agent(portal, { host: 'portal.example.com' });
    for (const [name, value] of paidOwner.cookies) onUsaHost.cookies.set(name, value);
    const titles = async (agent: Agent) => ((await agent.call('GET', '/v1/notice/list?per_page=100')).body.result.notices as { title: string }[]).map((n) => n.title);
    expect(await titles(onUsaHost)).toContain(jpnTitle);
    expect(await titles(onUsaHost)).not.toContain(usaTitle);

    const text = `asked from the usa host ${randomUUID().slice(0, 8)}`;
    expect(code(await onUsaHost.call('POST', '/v1/inquiry', {
      products: [], company_name: 'デモ商事株式会社', name: '山田 一郎', email: 'owner@example.com', phone: '', purpose: 'others', text,
    }))).toBe(20000);
    const stored = async (schema: string) => (await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.inquiries WHERE text = $1`, [text]))[0]!.n;
    expect(await stored('jpn_notification')).toBe(1);
    expect(await stored('usa_notification')).toBe(0);
    expect(((await paidOwner.call('GET', '/v1/inquiry')).body.result.inquiries as { text: string }[]).map((i) => i.text)).toContain(text);
    // The operator's inbox merges every region's inquiries, on any host.
    expect(((await usaOperator.call('GET', '/v1/inquiries?per_page=100')).body.result.inquiries as { text: string }[]).map((i) => i.text)).toContain(text);
  });

  it('keeps at least one inquiry receiver: the last cannot be removed', async () => {
    const receivers = async () => ((await partner.call('GET', '/v1/partner/inquiry_receivers')).body.result.receivers as { email: string }[]).map((r) => r.email);
    expect(await receivers()).toEqual(['support@partner.example.com']);
    const last = await partner.call('DELETE', '/v1/partner/inquiry_receivers?email=support@partner.example.com');
    expect(code(last)).toBe(40011);
    expect(last.body.result.errors.email[0]).toBe('お問い合わせ受信者は最低1人必要です。');
    expect(await receivers()).toEqual(['support@partner.example.com']);
    await partner.call('POST', '/v1/partner/inquiry_receivers', { email: 'sales@partner.example.com', name: '' });
    expect(code(await partner.call('DELETE', '/v1/partner/inquiry_receivers?email=support@partner.example.com'))).toBe(20000);
    expect(await receivers()).toEqual(['sales@partner.example.com']);
  });

  it('refuses principals outside each route\'s policy', async () => {
    const anonymous = new Agent(portal);
    const id = randomUUID();
    const cases: [Agent, string, string, unknown?, number?][] = [
      [anonymous, 'GET', '/v1/notice/list', undefined, 401],
      [anonymous, 'GET', '/v1/notice/news_num', undefined, 401],
      [anonymous, 'POST', '/v1/notice/history', { ids: [id] }, 401],
      [operator, 'GET', '/v1/notice/news_num'],
      [operator, 'POST', '/v1/notice/history', { ids: [id] }],
      [paidOwner, 'GET', '/v1/operator/notices'],
      [partner, 'GET', `/v1/operator/notice?id=${id}`],
      [paidOwner, 'POST', '/v1/operator/notices', notice('R')],
      [partner, 'PUT', '/v1/operator/notices', { ...notice('R'), id }],
      [paidOwner, 'POST', '/v1/operator/notices/duplicate', { id }],
      [partner, 'POST', '/v1/operator/notices/archive', { id }],
      [paidOwner, 'POST', '/v1/operator/notices/publish', { id }],
      [partner, 'GET', `/v1/operator/notice/preview?id=${id}&client_uuid=${DEMO_IDS.client}`],
      [anonymous, 'POST', '/v1/operator/notices', notice('R'), 401],
      [partner, 'POST', '/v1/inquiry', {}],
      [operator, 'POST', '/v1/inquiry', {}],
      [operator, 'GET', '/v1/inquiry'],
      [anonymous, 'GET', '/v1/inquiry', undefined, 401],
      [paidOwner, 'GET', '/v1/inquiries'],
      [paidUser, 'PUT', '/v1/inquiries/status', { id, status: 'closed' }],
      [operator, 'GET', '/v1/partner/inquiry_receivers'],
      [paidOwner, 'POST', '/v1/partner/inquiry_receivers', { email: 'a@example.com' }],
      [operator, 'DELETE', '/v1/partner/inquiry_receivers?email=a@example.com'],
    ];
    for (const [agent, method, path, body, status = 403] of cases) expect((await agent.call(method, path, body)).status, `${method} ${path}`).toBe(status);
  });

  // ---- Issue 25 point 3: drafts, publish, preview, archive ----
  /** How many times an account's list holds a notice with this id. */
  const times = async (agent: Agent, id: string) => {
    const res = await agent.call('GET', '/v1/notice/list?per_page=100');
    expect(res.status).toBe(200);
    return (res.body.result.notices as { id: string }[]).filter((n) => n.id === id).length;
  };
  const titles = async (agent: Agent, prefix: string) =>
    ((await agent.call('GET', '/v1/notice/list?per_page=100')).body.result.notices as { title: string }[]).map((n) => n.title).filter((t) => t.startsWith(prefix));
  const edit = (n: any, changes: Record<string, unknown>) => operator.call('PUT', '/v1/operator/notices', {
    id: n.id, product: n.product, target: n.target, payment: n.payment, title: n.title, body: n.body, url: n.url,
    starts_at: n.starts_at, ends_at: n.ends_at, on_top: n.on_top, fixed: n.fixed, ...changes,
  });

  it('duplicates as an undelivered draft, edits its audience and dates, previews and publishes it: the client sees it once', async () => {
    const created = await operator.call('POST', '/v1/operator/notices', {
      target: 'client', client_uuid: DEMO_IDS.client, title: 'D original', body: '<p>Original</p>', starts_at: iso(-hour), ends_at: iso(24 * hour),
    });
    const original = created.body.result.notice;
    expect(original).toMatchObject({ state: 'delivering', archived: false });

    const copy = (await operator.call('POST', '/v1/operator/notices/duplicate', { id: original.id })).body.result.notice;
    expect(copy).toMatchObject({ state: 'draft', starts_at: null, ends_at: null, title: 'D original', target: 'client', reads: 0, archived: false });
    // The draft reaches no one: the demo client still has the original once, the copy not at all.
    expect(await times(paidOwner, original.id)).toBe(1);
    expect(await times(paidOwner, copy.id)).toBe(0);
    expect(await titles(paidOwner, 'D ')).toEqual(['D original']);
    // A draft without dates cannot be published; nothing changes.
    const undated = await operator.call('POST', '/v1/operator/notices/publish', { id: copy.id });
    expect(code(undated)).toBe(40011);
    expect(Object.keys(undated.body.result.errors)).toEqual(['starts_at']);
    expect((await operator.call('GET', `/v1/operator/notice?id=${copy.id}`)).body.result.notice.state).toBe('draft');

    // Every field of a draft may change: audience, dates, flags, text.
    const edited = await edit(copy, {
      client_uuid: free.client, title: 'D copy', body: '<p>For Free KK</p>', url: 'https://example.com/d', on_top: true,
      starts_at: iso(-hour), ends_at: iso(48 * hour),
    });
    expect(code(edited)).toBe(20000);
    expect(edited.body.result.notice).toMatchObject({ state: 'draft', title: 'D copy', on_top: true, clients: [{ client_uuid: free.client, company_name: 'Free KK' }] });
    // Dated and in the period, it is still a draft: no one gets it.
    expect(await times(freeOwner, copy.id)).toBe(0);
    expect((await freeOwner.call('GET', '/v1/notice/news_num')).body.result.top_notice_title).not.toBe('D copy');

    // Preview as a chosen client: in the audience or not, rendered as the client's list shows it.
    const inside = await operator.call('GET', `/v1/operator/notice/preview?id=${copy.id}&client_uuid=${free.client}`);
    expect(inside.body.result).toMatchObject({
      in_audience: true, company_name: 'Free KK', notice: { id: copy.id, title: 'D copy', body: '<p>For Free KK</p>', url: 'https://example.com/d', on_top: true, read: false },
    });
    const outside = await operator.call('GET', `/v1/operator/notice/preview?id=${copy.id}&client_uuid=${DEMO_IDS.client}`);
    expect(outside.body.result).toMatchObject({ in_audience: false, company_name: expect.any(String) });
    const unknown = await operator.call('GET', `/v1/operator/notice/preview?id=${copy.id}&client_uuid=${randomUUID()}`);
    expect(Object.keys(unknown.body.result.errors)).toEqual(['client_uuid']);
    expect((await paidOwner.call('GET', `/v1/operator/notice/preview?id=${copy.id}&client_uuid=${free.client}`)).status).toBe(403);

    const published = await operator.call('POST', '/v1/operator/notices/publish', { id: copy.id });
    expect(published.body.result.notice).toMatchObject({ state: 'delivering', starts_at: edited.body.result.notice.starts_at });
    expect(code(await operator.call('POST', '/v1/operator/notices/publish', { id: copy.id }))).toBe(40011);
    // The targeted client sees it exactly once, the other client not at all; the original is unchanged.
    expect(await titles(freeOwner, 'D ')).toEqual(['D copy']);
    expect(await times(freeOwner, copy.id)).toBe(1);
    expect(await titles(paidOwner, 'D ')).toEqual(['D original']);
    // Delivering now: only title and body may change.
    const locked = await edit(published.body.result.notice, { client_uuid: DEMO_IDS.client });
    expect(Object.keys(locked.body.result.errors)).toEqual(['client_uuid']);
  });

  it('publishes a dated draft for later as scheduled, and refuses one whose period is over', async () => {
    const source = (await operator.call('POST', '/v1/operator/notices', { target: 'all', title: 'S source', body: '<p>S</p>', starts_at: iso(-hour), ends_at: iso(hour) })).body.result.notice;
    const draft = (await operator.call('POST', '/v1/operator/notices/duplicate', { id: source.id })).body.result.notice;
    const past = await edit(draft, { starts_at: iso(-3 * hour), ends_at: iso(-2 * hour) });
    expect(past.body.result.notice.state).toBe('draft');
    const refused = await operator.call('POST', '/v1/operator/notices/publish', { id: draft.id });
    expect(Object.keys(refused.body.result.errors)).toEqual(['ends_at']);
    await edit(draft, { starts_at: iso(24 * hour), ends_at: iso(48 * hour) });
    const scheduled = await operator.call('POST', '/v1/operator/notices/publish', { id: draft.id });
    expect(scheduled.body.result.notice.state).toBe('scheduled');
    const drafts = (await operator.call('GET', '/v1/operator/notices?filter=draft&per_page=100')).body.result.notices as { id: string }[];
    expect(drafts.map((n) => n.id)).not.toContain(draft.id);
    const later = (await operator.call('GET', '/v1/operator/notices?filter=scheduled&per_page=100')).body.result.notices as { id: string }[];
    expect(later.map((n) => n.id)).toContain(draft.id);
  });

  it('archives instead of deleting: out of clients\' lists, kept with its read count under the archived filter', async () => {
    const n = (await operator.call('POST', '/v1/operator/notices', { target: 'client', client_uuid: free.client, title: 'A archive me', body: '<p>A</p>', starts_at: iso(-hour), ends_at: iso(24 * hour) })).body.result.notice;
    await freeOwner.call('POST', '/v1/notice/history', { ids: [n.id] });
    expect((await operator.call('GET', `/v1/operator/notice?id=${n.id}`)).body.result.notice.reads).toBe(1);

    const archived = await operator.call('POST', '/v1/operator/notices/archive', { id: n.id });
    expect(archived.body.result.notice).toMatchObject({ archived: true, reads: 1 });
    expect(await times(freeOwner, n.id)).toBe(0);
    const list = async (query: string) => (await operator.call('GET', `/v1/operator/notices?per_page=100${query}`)).body.result.notices as { id: string; archived: boolean }[];
    expect((await list('')).map((x) => x.id)).not.toContain(n.id);
    expect((await list('')).every((x) => !x.archived)).toBe(true);
    const shelf = await list('&filter=archived');
    expect(shelf.find((x) => x.id === n.id)).toMatchObject({ archived: true, reads: 1 });
    expect(shelf.every((x) => x.archived)).toBe(true);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_notification.notice_reads WHERE notice_id = $1', [n.id]))[0]!.n).toBe(1);
    // An archived notice is read-only; the old hard delete is gone.
    expect(code(await edit(archived.body.result.notice, { title: 'A changed' }))).toBe(40011);
    expect((await operator.call('GET', `/v1/operator/notice?id=${n.id}`)).body.result.notice.title).toBe('A archive me');
    expect((await operator.call('DELETE', `/v1/operator/notices?id=${n.id}`)).status).not.toBe(200);
  });
});
