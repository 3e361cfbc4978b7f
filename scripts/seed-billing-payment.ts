import type pg from 'pg';
import { schemaName } from '@portal/service-common/db/shard-map';
import { DEMO_IDS } from './seed.js';

/**
 * Issue 11, slice A (f11-payment): billing information for the demo clients, and a sandbox card
 * (the success test card, masked) as owner@example.com's client's payment method.
 */
/** A function, not a constant: seed.ts imports this file, so DEMO_IDS is ready only once a seed runs. */
export const demoBilling = () => [
  { client: DEMO_IDS.client, shard: 'jpn', company: 'デモ商事株式会社', kana: 'デモショウジカブシキガイシャ', division: '経理部', divisionKana: 'ケイリブ', phone: '03-1234-5678', address: '東京都千代田区丸の内1-1-1', addressKana: 'トウキョウトチヨダクマルノウチ', email: 'billing@example.com' },
  { client: DEMO_IDS.secureClient, shard: 'jpn', company: 'セキュア工業株式会社', kana: 'セキュアコウギョウカブシキガイシャ', division: '', divisionKana: '', phone: '06-1234-5678', address: '大阪府大阪市北区梅田1-1-1', addressKana: 'オオサカフオオサカシキタクウメダ', email: 'secure-billing@example.com' },
  { client: DEMO_IDS.usClient, shard: 'usa', company: 'Demo Corp.', kana: '', division: 'Accounts Payable', divisionKana: '', phone: '+1 415 555 0100', address: '1 Market St, San Francisco, CA 94105', addressKana: '', email: 'ap@example.com' },
  { client: DEMO_IDS.thClient, shard: 'tha', company: 'Demo Thai Co., Ltd.', kana: '', division: '', divisionKana: '', phone: '+66 2 123 4567', address: '1 Sukhumvit Rd, Bangkok 10110', addressKana: '', email: 'billing-th@example.com' },
] as const;
export const demoCard = () => ({ id: '0b9f3c5e-7a1d-4c2e-9f00-0000000c0001', client: DEMO_IDS.client, masked: '411111******1111', month: 12, year: 2030, holder: 'ICHIRO YAMADA' } as const);

export async function seedBillingPayment(client: pg.Client): Promise<number> {
  let inserted = 0;
  const DEMO_CARD = demoCard();
  for (const b of demoBilling()) {
    const r = await client.query(
      `INSERT INTO "${schemaName(b.shard, 'billing')}".billing_infos (client_uuid, company_name, company_kana, division, division_kana, phone, address, address_kana, email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (client_uuid) DO NOTHING`,
      [b.client, b.company, b.kana, b.division, b.divisionKana, b.phone, b.address, b.addressKana, b.email],
    );
    inserted += r.rowCount ?? 0;
  }
  const billing = schemaName('jpn', 'billing');
  const card = await client.query(
    `INSERT INTO "${billing}".card_references (id, client_uuid, gateway, member_id, card_seq, masked_number, expiry_month, expiry_year, holder_name, status)
     VALUES ($1, $2, 'sandbox', $3, '0', $4, $5, $6, $7, 'active') ON CONFLICT (id) DO NOTHING`,
    [DEMO_CARD.id, DEMO_CARD.client, `c${DEMO_CARD.client.replace(/-/g, '')}`, DEMO_CARD.masked, DEMO_CARD.month, DEMO_CARD.year, DEMO_CARD.holder],
  );
  inserted += card.rowCount ?? 0;
  const method = await client.query(
    `INSERT INTO "${billing}".payment_methods (client_uuid, method, card_reference_id) VALUES ($1, 'credit_card', $2) ON CONFLICT (client_uuid) DO NOTHING`,
    [DEMO_CARD.client, DEMO_CARD.id],
  );
  return inserted + (method.rowCount ?? 0);
}
