import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const csv = (rows: string[], header = 'email,family_name,given_name') => Buffer.from([header, ...rows].join('\r\n') + '\r\n', 'utf8');
const people = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com,社員,${i}号`);

/** Shift_JIS bytes for a string (the TextEncoder only writes UTF-8). */
function shiftJis(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis');
  for (let hi = 0x81; hi <= 0xef; hi++) {
    for (let lo = 0x40; lo <= 0xfc; lo++) {
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const out: number[] = [];
  for (const ch of text) out.push(...(ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : table.get(ch) ?? [0x3f]));
  return Buffer.from(out);
}

describe('invite by CSV (issue 4)', () => {
  let portal: TestPortal;
  let owner: Agent;
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const count = async (pattern: string) => (await portal.db.query('SELECT 1 FROM jpn_identity.accounts WHERE email LIKE $1', [pattern])).length;

  it('refuses 101 records and accepts 100, every account as user', async () => {
    const over = await owner.upload('/v1/user/invite_csv', 'big.csv', csv(people(101, 'big')));
    expect(over.status).toBe(422);
    expect(over.body.result.errors.file[0]).toMatch(/100/);
    expect(await count('big%')).toBe(0);
    const ok = await owner.upload('/v1/user/invite_csv', 'hundred.csv', csv(people(100, 'hundred')));
    expect(ok.body.result).toMatchObject({ dry_run: false, registered: 100, error_count: 0 });
    expect(await portal.db.query("SELECT DISTINCT authority, status FROM jpn_identity.accounts WHERE email LIKE 'hundred%'")).toEqual([{ authority: 'user', status: 'invited' }]);
    await mailTo(portal, 'hundred99@example.com', /invite\//);
  });

  it('refuses a file that is not CSV, a missing or unknown column, the former name column and an empty file, changing nothing', async () => {
    expect((await owner.upload('/v1/user/invite_csv', 'people.xlsx', csv(people(2, 'x')))).body.result.errors.file[0]).toBe('CSVファイルを選択してください。');
    const missing = await owner.upload('/v1/user/invite_csv', 'people.csv', csv(['x1@example.com,山田'], 'email,family_name'));
    expect(missing.status).toBe(422);
    expect(missing.body.result.access_status.code).toBe(40011);
    expect(missing.body.result.errors.file).toEqual(['CSVに given_name の列がありません。1行目に列名 email,family_name,given_name を書いてください。']);
    const former = await owner.upload('/v1/user/invite_csv', 'people.csv', csv(['x2@example.com,山田太郎'], 'email,name'));
    expect(former.body.result.errors.file[0]).toMatch(/^name 列は使えなくなりました/);
    const unknown = await owner.upload('/v1/user/invite_csv', 'people.csv', csv(['x3@example.com,山田,太郎,03'], 'email,family_name,given_name,phone'));
    expect(unknown.body.result.errors.file[0]).toContain('phone');
    expect((await owner.upload('/v1/user/invite_csv', 'people.csv', Buffer.from('email,family_name,given_name\r\n'))).body.result.access_status.code).toBe(40011);
    expect((await owner.upload('/v1/user/invite_csv', 'people.csv', Buffer.from('email,family_name,given_name\n"unterminated,x\n'))).body.result.access_status.code).toBe(40011);
    expect(await count('x%')).toBe(0);
  });

  it('reads the columns by name in any order, the family and the given name apart', async () => {
    const res = await owner.upload('/v1/user/invite_csv', 'order.csv', csv(['Taro,order1@example.com,Yamada'], 'Given_Name, Email ,family_name'));
    expect(res.body.result).toMatchObject({ registered: 1, error_count: 0 });
    expect(await portal.db.query("SELECT family_name, given_name, authority FROM jpn_identity.accounts WHERE email = 'order1@example.com'"))
      .toEqual([{ family_name: 'Yamada', given_name: 'Taro', authority: 'user' }]);
  });

  it('refuses a file over 1 MB with the spec\'s message, also past the gateway\'s upload limit', async () => {
    // 1.5 MB passes the gateway and the schema: the service's check answers.
    const big = Buffer.concat([csv([]), Buffer.alloc(1_500_000, 'a')]);
    const res = await owner.upload('/v1/user/invite_csv', 'big.csv', big);
    expect(res.status).toBe(422);
    expect(res.body.result.access_status).toEqual({ code: 40011, message: 'ファイルサイズが大きすぎます（1MBまで）。' });
    expect(res.body.result.errors).toEqual({ file: ['ファイルサイズが大きすぎます（1MBまで）。'] });
    // 4 MB is over the gateway's multipart limit: the same envelope, not Fastify's raw 413.
    const huge = await owner.upload('/v1/user/invite_csv', 'huge.csv', Buffer.alloc(4 * 1024 * 1024, 'a'));
    expect(huge.status).toBe(422);
    expect(huge.body.result.access_status).toEqual({ code: 40011, message: 'ファイルサイズが大きすぎます（1MBまで）。' });
    expect(huge.body.result.errors).toEqual({ file: ['ファイルサイズが大きすぎます（1MBまで）。'] });
    expect(huge.body).not.toHaveProperty('statusCode');
  });

  it('reads a Shift_JIS file (as Japanese spreadsheet software writes it)', async () => {
    const res = await owner.upload('/v1/user/invite_csv', 'sjis.csv', shiftJis('email,family_name,given_name\r\nsjis1@example.com,山田,太郎\r\n'));
    expect(res.body.result.registered).toBe(1);
    expect(await portal.db.query("SELECT family_name, given_name FROM jpn_identity.accounts WHERE email = 'sjis1@example.com'")).toEqual([{ family_name: '山田', given_name: '太郎' }]);
  });

  it('completes with partial errors: counts, row messages and an error mail; a dry run writes nothing', async () => {
    const file = csv(['csvrow1@example.com,鈴木,一郎', 'not-an-email,鈴木,二郎', 'admin@example.com,鈴木,三郎', 'csvrow1@example.com,鈴木,四郎', 'csvrow5@example.com,鈴木,']);
    const dry = await owner.upload('/v1/user/invite_csv', 'part.csv', file, { dry_run: 'true' });
    expect(dry.body.result, JSON.stringify(dry.body)).toMatchObject({ dry_run: true, registered: 1, error_count: 4 });
    expect(await count('csvrow%')).toBe(0);
    const res = await owner.upload('/v1/user/invite_csv', 'part.csv', file, { dry_run: 'false' });
    expect(res.body.result).toMatchObject({ dry_run: false, registered: 1, error_count: 4 });
    expect(res.body.result.error_rows.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6]);
    expect(res.body.result.error_rows[1].messages).toEqual(['このメールアドレスはすでに登録されています。']);
    // A row without a given name names the field, translated, never a raw key.
    expect(res.body.result.error_rows[3].messages).toEqual(['名を入力してください。']);
    const mail = await mailTo(portal, 'owner@example.com', /CSV/);
    expect(mail.subject).toMatch(/4/);
    expect(mail.text).toContain('not-an-email');
    expect(mail.text).toContain('名を入力してください。');
    expect(mail.text).not.toMatch(/field\./);
    const imported = await eventually(async () => {
      const rows = await portal.db.query<{ detail: { count: number } }>("SELECT detail FROM jpn_usage_log.operation_logs WHERE operation = 'accounts_imported'");
      return rows.length >= 4 ? rows : undefined;
    });
    expect(imported.map((r) => r.detail.count).sort((a, b) => a - b)).toEqual([1, 1, 1, 100]);
  });

  it('refuses the upload to a level-6 admin', async () => {
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    expect((await admin.upload('/v1/user/invite_csv', 'a.csv', csv(people(1, 'adm')))).status).toBe(403);
  });
});
