import type pg from 'pg';
import { schemaName } from '@portal/service-common/db/shard-map';

/**
 * Issue 12, slice B: the demo notices and inquiry (jpn): a notice to everyone shown on top, one
 * to all clients, both delivered from 2026-01-01 for years; and one inquiry from the demo client's
 * user to the operator (sent before its partner named a receiver, so it stayed with the operator).
 * Issue 25 item 7: the demo partner starts with its owner as inquiry receiver, as a partner created
 * through licence does (partner-receivers.handler.ts); the rule forbids a partner with none.
 * Idempotent: fixed ids.
 */
export const DEMO_NOTICES = [
  {
    id: '0b9f3c5e-7a1d-4c2e-9f00-00000000e101', target: 'all', title: 'メンテナンスのお知らせ',
    body: '<p>2026年12月5日 2:00〜4:00（日本時間）にシステムメンテナンスを行います。この間ポータルはご利用いただけません。</p>',
    onTop: true, product: null,
  },
  {
    id: '0b9f3c5e-7a1d-4c2e-9f00-00000000e102', target: 'clients', title: 'BowNowの新機能のご案内',
    body: '<p>フォームの分岐設定ができるようになりました。詳しくはヘルプをご覧ください。</p>', onTop: false, product: 'bownow',
  },
] as const;

/** The demo partner's first inquiry receiver: its owner's address and the partner's name. */
export const DEMO_PARTNER_RECEIVER = { partner: '0b9f3c5e-7a1d-4c2e-9f00-000000000001', email: 'partner@example.com', name: 'デモ代理店株式会社' } as const;

export async function seedNotices(client: pg.Client): Promise<number> {
  const notification = schemaName('jpn', 'notification');
  let inserted = 0;
  for (const n of DEMO_NOTICES) {
    const result = await client.query(
      `INSERT INTO "${notification}".notices (id, product, target, payment, audience, reaches_clients, reaches_partners, title, body, url, starts_at, ends_at, on_top, fixed, updated_at)
       VALUES ($1, $2, $3, 'all', 'every', true, $4, $5, $6, '', '2026-01-01T00:00:00Z', '2030-12-31T15:00:00Z', $7, false, now()) ON CONFLICT (id) DO NOTHING`,
      [n.id, n.product, n.target, n.target === 'all', n.title, n.body, n.onTop],
    );
    inserted += result.rowCount ?? 0;
  }
  const result = await client.query(
    `INSERT INTO "${notification}".inquiries (id, client_uuid, account_uuid, partner_uuid, products, company_name, name, email, phone, purpose, text, status, created_at, updated_at)
     VALUES ('0b9f3c5e-7a1d-4c2e-9f00-00000000e201', '0b9f3c5e-7a1d-4c2e-9f00-000000000101', '0b9f3c5e-7a1d-4c2e-9f00-00000000a005', NULL,
             '{actibook}', 'デモ商事株式会社', '鈴木 三郎', 'user@example.com', '03-1234-5678', 'operation',
             'ブックの公開範囲を社内だけに限定する方法を教えてください。', 'new', '2026-11-20T01:00:00Z', now()) ON CONFLICT (id) DO NOTHING`,
  );
  const receiver = await client.query(
    `INSERT INTO "${notification}".inquiry_receivers (partner_uuid, email, name)
     VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [DEMO_PARTNER_RECEIVER.partner, DEMO_PARTNER_RECEIVER.email, DEMO_PARTNER_RECEIVER.name],
  );
  return inserted + (result.rowCount ?? 0) + (receiver.rowCount ?? 0);
}
