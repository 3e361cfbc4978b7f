import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Issue 26: flows walked with the keyboard alone (Tab, Shift+Tab, arrows, Space, Enter, typing),
 * the way a person who cannot use a mouse goes through them. No click, no fill: a control that
 * Tab does not reach, or that does not work from the keyboard, fails the walk.
 */

/** What a screen reader would call the focused element, roughly: aria-label(ledby), its label, its text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const byIds = el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const labels = (el as HTMLInputElement).labels;
    const name = el.getAttribute('aria-label') ?? byIds ?? (labels && labels.length ? [...labels].map((l) => l.textContent).join(' ') : null) ?? el.textContent ?? '';
    return name.replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab until the focused control's name matches `name` (at most `max` stops); fails otherwise. */
export async function tabTo(page: Page, name: string | RegExp, max = 80): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text.replace(/\s*\*$/, '') === name : name.test(text));
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const text = await focusedName(page);
    if (matches(text)) return;
    seen.push(text);
  }
  throw new Error(`Tab did not reach "${String(name)}" in ${max} stops; it went through: ${seen.join(' | ')}`);
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, name: string | RegExp, text: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.type(text);
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tick(page: Page, name: string | RegExp): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('Space');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(true);
}

/** Tabs to a Mantine select and picks `option` with the arrow keys and Enter. */
export async function choose(page: Page, name: string | RegExp, option: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('ArrowDown');
  await page.getByRole('listbox').waitFor();
  for (let i = 0; i < 60; i += 1) {
    const current = await page.locator('[role="option"][data-combobox-selected]').textContent().catch(() => null);
    if (current?.trim() === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** Tabs to a button (or link) and presses Enter. */
export async function press(page: Page, name: string | RegExp): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('Enter');
}

/**
 * The page's first Tab stop is the skip link, visible once focused; Enter moves focus to the
 * page's content, so that the next Tab goes on from there.
 */
export async function skipToContent(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe(label);
  const box = await page.locator('.skip-link').boundingBox();
  expect(box && box.y >= 0 && box.height > 0).toBe(true);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
}
