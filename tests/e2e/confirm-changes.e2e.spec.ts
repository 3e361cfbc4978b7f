import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PAYMENT_METHOD_CSV_COLUMNS } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { DEMO_PAYMENT_REQUEST_ID } from '../../scripts/seed-payment-requests.js';
import { Agent } from '../support/agent.js';
import { logIn, useBrowserPortal } from '../support/browser.js';
import { registerPayment } from '../support/payment.js';

/**
 * Issue 25 point 2 in Chromium on the Japanese host, at 1280 and 390 px: an operator's change of
 * money or of a client's standing shows old → new in the shared confirmation before anything is
 * written, and the page shows the new state once confirmed, without a reload. Screenshots of each
 * confirmation at both widths (looked at, not compared).
 */
describe('confirm before money changes (issue 25 point 2)', () => {
  const e2e = useBrowserPortal();
  const methodOf = async () => (await e2e.portal.db.query<{ method: string }>('SELECT method FROM jpn_billing.payment_methods WHERE client_uuid = $1', [DEMO_IDS.client]))[0]?.method;
  /** The dialog has finished its opening transition (a screenshot taken during it shows it half transparent). */
  const opened = (p: Page) => p.waitForFunction(() => {
    let element = document.querySelector('[data-testid=confirm-change]');
    if (!element) return false;
    for (; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.opacity !== '1' || !['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(style.transform)) return false;
    }
    return true;
  });
  const fitsWidth = async (p: Page, width: number) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  for (const width of [1280, 390]) {
    it(`registers a bank method on the client's behalf only after showing the card it replaces, at ${width} px`, async () => {
      // The client pays by card (the owner registered it).
      const owner = new Agent(e2e.portal);
      await owner.login('owner@example.com', 'Owner#2026');
      await registerPayment(owner, null, width === 1280 ? '4111111111111111' : '5555555555554444');
      expect(await methodOf()).toBe('credit_card');

      const p = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: `/operator/clients/jpn/${DEMO_IDS.client}`, width, height: width === 390 ? 844 : 900, locale: 'ja-JP' });
      await p.getByRole('heading', { name: 'デモ商事株式会社' }).waitFor();
      const card = width === 1280 ? '411111******1111' : '555555******4444';
      await p.getByText(`クレジットカード (${card})`).waitFor();
      const form = p.locator('form', { hasText: 'お客様に代わって登録' });
      for (const [label, value] of [
        ['会社名', 'デモ商事株式会社'], ['ご担当者名', '山田 一郎'], ['メールアドレス', 'keiri@example.com'], ['電話番号', '0312345678'],
        ['金融機関コード', '0005'], ['金融機関名', '三菱ＵＦＪ銀行'], ['支店コード', '001'], ['支店名', '本店'], ['口座番号', '1234567'], ['口座名義', 'ﾃﾞﾓｼｮｳｼﾞ(ｶ'],
      ] as const) await form.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).fill(value);
      await form.getByRole('button', { name: '登録する' }).click();

      const dialog = p.getByRole('dialog', { name: 'お支払い方法の代理登録' });
      await dialog.getByTestId('change-before').getByText(new RegExp(`^クレジットカード ${card.replace(/\*/g, '\\*')}`)).waitFor();
      expect(await dialog.getByTestId('change-after').textContent()).toBe('銀行振込 三菱ＵＦＪ銀行 本店 ****567');
      await dialog.getByText('デモ商事株式会社 の現在のお支払い方法が置き換えられます。', { exact: false }).waitFor();
      // Nothing is written until the operator confirms.
      expect(await methodOf()).toBe('credit_card');
      await fitsWidth(p, width);
      await opened(p);
      await p.screenshot({ path: join(e2e.shots, `confirm-register-on-behalf-${width}.png`) });
      await dialog.getByRole('button', { name: '置き換えて登録' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The page shows the new method at once (no reload).
      await p.getByText('銀行振込 (三菱ＵＦＪ銀行)').waitFor();
      expect(await p.getByText(`クレジットカード (${card})`).count()).toBe(0);
      expect(await methodOf()).toBe('bank_transfer');

      // Suspending shows the status now → after, and is cancelled here (the registration's toast closed first, so the screenshot shows the dialog's title).
      await p.locator('.mantine-Notification-closeButton').first().click();
      await p.getByRole('button', { name: '停止', exact: true }).click();
      const suspend = p.getByRole('dialog', { name: 'このクライアントを停止しますか？' });
      expect(await suspend.getByTestId('change-before').textContent()).toBe('有効');
      expect(await suspend.getByTestId('change-after').textContent()).toBe('停止中');
      await fitsWidth(p, width);
      await opened(p);
      await p.screenshot({ path: join(e2e.shots, `confirm-suspend-${width}.png`) });
      await suspend.getByRole('button', { name: 'キャンセル' }).click();
      await p.context().close();
    });
  }

  it('imports a CSV through the server\'s dry run, listing which clients\' methods are replaced and which added, at 1280 and 390 px', async () => {
    const header = PAYMENT_METHOD_CSV_COLUMNS.join(',');
    const line = (client: string, number: string) => {
      const cells: Record<string, string> = {
        client_uuid: client, method: 'direct_debit', company_name: 'テスト株式会社', person_name: '田中 花子', email: 'csv@example.com', phone: '0612345678',
        bank_code: '0009', bank_name: '三井住友銀行', branch_code: '101', branch_name: '大阪', account_type: '2', account_number: number, account_holder: 'ﾃｽﾄ(ｶ',
      };
      return PAYMENT_METHOD_CSV_COLUMNS.map((c) => cells[c]).join(',');
    };
    const csv = Buffer.from(`${header}\n${line(DEMO_IDS.client, '1111222')}\n${line(DEMO_IDS.secureClient, '3333444')}\n`);
    for (const width of [1280, 390]) {
      const p = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: '/operator/payment_methods', width, height: width === 390 ? 844 : 900, locale: 'ja-JP' });
      await p.getByText('CSVインポート・ダウンロード').waitFor();
      await p.locator('input[type="file"]').setInputFiles({ name: 'methods.csv', mimeType: 'text/csv', buffer: csv });
      await p.getByRole('button', { name: 'インポート', exact: true }).click();
      const dialog = p.getByRole('dialog', { name: 'CSVインポートの確認' });
      const preview = dialog.getByTestId('import-preview');
      await preview.getByText('デモ商事株式会社').waitFor();
      await preview.getByText('セキュア工業株式会社').waitFor();
      await preview.getByText('置き換え', { exact: true }).waitFor();
      await preview.getByText('新規', { exact: true }).waitFor();
      await fitsWidth(p, width);
      await opened(p);
      await p.screenshot({ path: join(e2e.shots, `confirm-csv-import-${width}.png`) });
      if (width === 1280) {
        // Seen and cancelled: nothing was imported.
        await dialog.getByRole('button', { name: 'キャンセル' }).click();
        expect(await e2e.portal.db.query("SELECT id FROM jpn_billing.payment_requests WHERE source = 'csv'")).toEqual([]);
      } else {
        await dialog.getByRole('button', { name: 'インポート', exact: true }).click();
        await p.getByText('2件のお支払い方法を登録しました。', { exact: false }).waitFor();
        expect((await e2e.portal.db.query("SELECT id FROM jpn_billing.payment_requests WHERE source = 'csv'")).length).toBe(2);
      }
      await p.context().close();
    }
  });

  it('approves a request only after showing the method it replaces, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const p = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: '/operator/payment_requests', width, height: width === 390 ? 844 : 900, locale: 'ja-JP' });
      const row = p.getByTestId(`payment-request-${DEMO_PAYMENT_REQUEST_ID}`);
      await row.getByRole('button', { name: '詳細' }).click();
      await p.getByRole('dialog').getByRole('button', { name: '承認して登録' }).click();
      const confirm = p.getByRole('dialog', { name: 'お申し込みの承認' });
      await confirm.getByTestId('change-after').waitFor();
      await confirm.getByText('→').first().waitFor();
      await opened(p);
      await p.screenshot({ path: join(e2e.shots, `confirm-request-approval-${width}.png`) });
      await confirm.getByRole('button', { name: 'キャンセル' }).click();
      expect((await e2e.portal.db.query<{ status: string }>('SELECT status FROM jpn_billing.payment_requests WHERE id = $1', [DEMO_PAYMENT_REQUEST_ID]))[0]?.status).toBe('pending');
      await p.context().close();
    }
  });
});
