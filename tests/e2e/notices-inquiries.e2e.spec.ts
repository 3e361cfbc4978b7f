import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zonedTimestamp } from '@portal/proto';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';
import { expectAccessible, walkMenu } from '../support/axe.js';
import { choose, press, skipToContent, typeInto } from '../support/keyboard.js';

/** A labelled field inside a dialog (browser.ts's `field` takes a page). */
const within = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** A datetime-local value in Tokyo time (the jpn host's zone), `offsetMs` from now. */
const tokyoInput = (offsetMs: number) => zonedTimestamp(Date.now() + offsetMs, 'Asia/Tokyo').slice(0, 16).replace(' ', 'T');

async function loginAs(browser: Browser, origin: string, email: string, password: string, target: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  const p = await context.newPage();
  await p.goto(`${origin}/login?targetUrl=${encodeURIComponent(target)}`);
  await fillLogin(p, email, password);
  await p.waitForURL((url) => url.pathname === target);
  return p;
}

/**
 * Issue 12, slice B end to end: an operator publishes a notice to paid clients; the paid client's
 * user sees it with the unread badge, a free client's owner does not; the user sends an inquiry
 * in two steps and its partner's inquiry receiver (the demo partner's owner, from the seed) sees it.
 */
describe('notices and inquiries in Chromium', () => {
  const e2e = useBrowserPortal();

  it('a notice to paid clients reaches the paid client only; its duplicate is a draft, previewed and published to free clients once; an inquiry reaches the partner', async () => {
    const free = randomUUID();
    await e2e.portal.db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region, contract_type, updated_at) VALUES ($1, '無料商事', 'jpn', 'none', now())`, [free]);
    await e2e.portal.db.query(`INSERT INTO jpn_identity.tenants (uuid, kind, name, contract_type, updated_at) VALUES ($1, 'client', '無料商事', 'none', now())`, [free]);
    await e2e.portal.db.query(
      `INSERT INTO jpn_identity.accounts (uuid, email, password_hash, family_name, given_name, kind, authority, tenant_uuid, status, language, updated_at)
       VALUES ($1, 'free-e2e@example.com', $2, '無料', '花子', 'client', 'owner', $3, 'active', 'ja-jp', now())`,
      [randomUUID(), await hash('FreeE2e#2026'), free]);

    // The operator publishes a notice to paid clients, delivered from an hour ago.
    const op = await loginAs(e2e.browser, e2e.origin, 'operator@example.com', 'Operator#2026', '/operator/notices');
    await op.getByRole('button', { name: 'お知らせを作成' }).click();
    const dialog = op.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '配信対象' }).click();
    await op.getByRole('option', { name: '全クライアント', exact: true }).click();
    await dialog.getByRole('combobox', { name: '支払い種別' }).click();
    await op.getByRole('option', { name: '有料クライアントのみ' }).click();
    const title = '有料プランのお客様へ：新機能のご案内';
    await within(dialog, 'タイトル').fill(title);
    await dialog.getByText(`${title.length} / 100`).waitFor();
    await within(dialog, '本文').fill('<p>有料プラン向けの<strong>新機能</strong>を公開しました。</p><script>alert(1)</script>');
    await within(dialog, '配信開始日時').fill(tokyoInput(-3600_000));
    await within(dialog, '配信終了日時').fill(tokyoInput(7 * 24 * 3600_000));
    await op.screenshot({ path: join(e2e.shots, 'notice-create-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = op.getByRole('row').filter({ hasText: '有料プランのお客様へ' });
    await row.getByText('配信中').waitFor();
    await row.getByText('有料クライアントのみ').waitFor();

    // The paid client's user: the badge counts it, the list shows it; opening it reads it.
    const user = await loginAs(e2e.browser, e2e.origin, 'user@example.com', 'User#2026', '/notice/list', 390);
    const item = user.getByRole('button', { name: /有料プランのお客様へ：新機能のご案内/ });
    await item.waitFor();
    const badge = user.getByTestId('notice-badge');
    const unread = async () => Number((await badge.locator('.mantine-Indicator-indicator').textContent({ timeout: 2000 }).catch(() => '0')) ?? '0');
    await expect.poll(unread).toBeGreaterThanOrEqual(1);
    const before = await unread();
    await user.screenshot({ path: join(e2e.shots, 'notice-list-390-ja.png'), fullPage: true });
    await item.click();
    await user.getByText('新機能', { exact: true }).waitFor();
    expect(await user.locator('script', { hasText: 'alert(1)' }).count()).toBe(0);
    await expect.poll(unread).toBe(before - 1);

    // A free client's owner does not see it.
    const freeOwner = await loginAs(e2e.browser, e2e.origin, 'free-e2e@example.com', 'FreeE2e#2026', '/notice/list');
    await freeOwner.getByRole('button', { name: /メンテナンスのお知らせ/ }).waitFor();
    expect(await freeOwner.getByText('有料プランのお客様へ：新機能のご案内').count()).toBe(0);

    // Issue 25: duplicating makes a draft that reaches no one; the operator edits its audience
    // (free clients only) and dates, previews it as the free client, and publishes it.
    await row.getByRole('button', { name: '操作' }).click();
    await op.getByRole('menuitem', { name: '複製' }).click();
    const draft = op.getByRole('dialog');
    await draft.getByText('これは下書きです', { exact: false }).waitFor();
    await draft.getByRole('combobox', { name: '支払い種別' }).click();
    await op.getByRole('option', { name: '無料クライアントのみ' }).click();
    await within(draft, '配信開始日時').fill(tokyoInput(-3600_000));
    await within(draft, '配信終了日時').fill(tokyoInput(7 * 24 * 3600_000));
    await draft.getByRole('button', { name: '保存' }).click();
    await draft.waitFor({ state: 'detached' });
    const draftRow = op.getByRole('row').filter({ hasText: title }).filter({ hasText: '下書き' });
    await draftRow.getByText('無料クライアントのみ').waitFor();
    await freeOwner.reload();
    await freeOwner.getByRole('button', { name: /メンテナンスのお知らせ/ }).waitFor();
    expect(await freeOwner.getByText(title).count()).toBe(0);

    await draftRow.getByRole('button', { name: '操作' }).click();
    await op.getByRole('menuitem', { name: 'クライアントとしてプレビュー' }).click();
    const preview = op.getByRole('dialog');
    await preview.getByLabel(/^クライアント/).fill('無料商事');
    await op.getByRole('option', { name: '無料商事' }).click();
    await preview.getByText('無料商事はこのお知らせの配信対象です', { exact: false }).waitFor();
    await preview.getByTestId('notice-preview').getByText('新機能', { exact: true }).waitFor();
    await op.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await draftRow.getByRole('button', { name: '操作' }).click();
    await op.getByRole('menuitem', { name: '公開', exact: true }).click();
    const confirm = op.getByRole('dialog');
    await confirm.getByText('全クライアント · 無料クライアントのみ').waitFor();
    await confirm.getByRole('button', { name: '公開' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => op.getByRole('row').filter({ hasText: title }).filter({ hasText: '配信中' }).count()).toBe(2);
    // The free client now sees it, exactly once.
    await freeOwner.reload();
    await freeOwner.getByRole('button', { name: new RegExp(title) }).waitFor();
    expect(await freeOwner.getByRole('button', { name: new RegExp(title) }).count()).toBe(1);

    // Issue 25: the audit log shows each step, each with the operator's name ("運用 太郎" written
    // as Japan writes a name in kanji); the menu leads there, the target filter narrows to notices.
    await op.getByRole('link', { name: '監査ログ' }).first().click();
    await op.waitForURL((url) => url.pathname === '/operator/audit_log');
    await op.getByLabel('対象の種類').selectOption({ label: 'お知らせ' });
    await op.waitForURL((url) => url.searchParams.get('target_type') === 'notice');
    const steps = ['お知らせ作成', 'お知らせを下書きとして複製', 'お知らせ編集', 'お知らせをクライアントとしてプレビュー', 'お知らせ公開'];
    const byOperator = (label: string) => op.getByTestId('audit-entry').filter({ hasText: label }).filter({ hasText: '運営会社（運用太郎）' });
    // The entries arrive through the outbox: read the page again until the last step is there.
    await expect.poll(async () => {
      await op.reload();
      await op.getByTestId('audit-entry').first().waitFor({ timeout: 5000 }).catch(() => undefined);
      return byOperator('お知らせ公開').count();
    }, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    for (const step of steps) expect(await byOperator(step).count(), step).toBeGreaterThanOrEqual(1);
    await byOperator('お知らせをクライアントとしてプレビュー').getByText('会社名：無料商事').waitFor();
    await byOperator('お知らせ公開').getByText(`件名：${title}`).first().waitFor();
    await op.screenshot({ path: join(e2e.shots, 'audit-log-1280-ja.png'), fullPage: true });
    const phone = await loginAs(e2e.browser, e2e.origin, 'operator@example.com', 'Operator#2026', '/operator/audit_log', 390);
    await phone.getByTestId('audit-cards').getByText('運営会社（運用太郎）').first().waitFor();
    await phone.screenshot({ path: join(e2e.shots, 'audit-log-390-ja.png'), fullPage: true });
    await phone.context().close();

    // The user sends an inquiry in two steps, with the keyboard alone (issue 26).
    await user.goto(`${e2e.origin}/user_inquiry`);
    await expect.poll(() => field(user, '会社名').inputValue()).toBe('デモ商事株式会社');
    await expectAccessible(user);
    await skipToContent(user, '本文へ移動');
    await choose(user, 'お問い合わせ種別', '機能について');
    await typeInto(user, 'お問い合わせ内容', '新機能の使い方を教えてください。');
    await press(user, '確認画面へ');
    await user.waitForURL(/\/user_inquiryconfirm$/);
    await user.getByTestId('inquiry-text').getByText('新機能の使い方を教えてください。').waitFor();
    await expectAccessible(user);
    await user.screenshot({ path: join(e2e.shots, 'inquiry-confirm-390-ja.png'), fullPage: true });
    await press(user, '送信する');
    await user.waitForURL(/\/user_inquirycompleted$/);
    await expectAccessible(user);

    // Its partner (which has an inquiry receiver from the start) sees it.
    const partner = await loginAs(e2e.browser, e2e.origin, 'partner@example.com', 'Partner#2026', '/partner/inquiries');
    const received = partner.getByRole('button', { name: /デモ商事株式会社 · 鈴木/ }).first();
    await received.click();
    await partner.getByText('新機能の使い方を教えてください。').waitFor();
    await partner.screenshot({ path: join(e2e.shots, 'inquiries-partner-ja.png'), fullPage: true });
    // Issue 26: the user's every menu page at phone width, checked by axe (1280 px in invoices.e2e).
    await walkMenu(user);
    await Promise.all([op.context().close(), user.context().close(), freeOwner.context().close(), partner.context().close()]);
  }, 300_000);
});
