/**
 * Issue 11, slice B: a pending bank-transfer request (docs/design/billing.md "Seed") for the demo
 * client of secure-owner@example.com, so that the operator's request screen has one to confirm.
 * owner@example.com's client has none: it can file its own. Idempotent: a fixed id.
 */
import type pg from 'pg';
import { schemaName } from '@portal/service-common/db/shard-map';

export const DEMO_PAYMENT_REQUEST_ID = '0b9f3c5e-7a1d-4c2e-9f00-00000000b101';

export async function seedPaymentRequests(client: pg.Client): Promise<number> {
  const billing = schemaName('jpn', 'billing');
  const result = await client.query(
    `INSERT INTO "${billing}".payment_requests (id, client_uuid, method, status, source, company_name, person_name, email, phone, details,
       bank_code, bank_name, branch_code, branch_name, account_type, account_number, account_holder, requested_by, language, created_at)
     VALUES ($1, $2, 'bank_transfer', 'pending', 'client', 'セキュア工業株式会社', '高橋 四郎', 'secure-owner@example.com', '0312345678',
       '毎月末締め翌月末払いでお願いします。', '0005', '三菱ＵＦＪ銀行', '001', '本店', 'ordinary', '1234567', 'ｾｷｭｱｺｳｷﾞｮｳ(ｶ', $3, 'ja-jp',
       now() - interval '1 day')
     ON CONFLICT (id) DO NOTHING`,
    [DEMO_PAYMENT_REQUEST_ID, '0b9f3c5e-7a1d-4c2e-9f00-000000000102', '0b9f3c5e-7a1d-4c2e-9f00-00000000a007'],
  );
  return result.rowCount ?? 0;
}
