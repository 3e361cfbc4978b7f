import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/root.js';

/**
 * Issue 26: axe-core (from npm) in the e2e tier. Its source is evaluated in the page through
 * Playwright's CDP evaluation (Runtime.evaluate), which the portal's CSP does not govern; an inline
 * <script> would be refused (script-src 'self'). The rules are WCAG 2.0 and 2.1, A and AA.
 *
 * `expectAccessible` runs axe once per page of a file (path, width and language make the key) and
 * fails on any critical or serious violation, naming the rule, the page and the target selectors.
 * With `A11Y_REPORT=<file>` it fails on nothing and appends every violation to that file (JSON
 * lines) instead: the measurement of issue 26's closing note.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** axe's reason for each target (for color-contrast: the ratio and both colours). */
  why: string[];
}

/** axe's violations on the page as it is now (injected once per document). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      why: v.nodes.map((n) => (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()),
    }));
  }, TAGS);
}

/** The pages a file has checked already: the same page is checked once, whichever test opens it. */
const checked = new Set<string>();

/**
 * Fails on critical or serious violations of the page as it is now. `state` names a state of the
 * page worth its own check (a dialog or a menu open); a page is checked once per file and state.
 */
export async function expectAccessible(page: Page, state = ''): Promise<void> {
  const url = new URL(page.url());
  const [width, lang] = await Promise.all([page.evaluate(() => window.innerWidth), page.locator('html').getAttribute('lang')]);
  const where = `${url.host.split(':')[0]}${url.pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':uuid')} @${width}px ${lang ?? '?'}${state ? ` [${state}]` : ''}`;
  if (checked.has(where)) return;
  checked.add(where);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // A dialog or a menu fading in has its colours blended with the page's until its transition ends.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), undefined, { timeout: 3000 }).catch(() => undefined);
  const violations = await axeViolations(page);
  const report = process.env.A11Y_REPORT;
  if (report) {
    appendFileSync(report, `${JSON.stringify({ where, violations })}\n`);
    return;
  }
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => `  ${v.impact} ${v.id} (${v.help}):\n${v.targets.slice(0, 8).map((t, i) => `    ${t}\n      ${v.why[i]}`).join('\n')}${v.targets.length > 8 ? `\n    … ${v.targets.length - 8} more` : ''}`);
  throw new Error(`axe: ${blocking.length} critical or serious violations on ${where}\n${lines.join('\n')}`);
}

/**
 * Every page of the side menu of the logged-in person on `page`, each checked by
 * `expectAccessible`, with the user menu open once and, at phone width, the side menu open once
 * (its screenshot saved in `shots`, to be looked at).
 * The walk goes through the menu's own links (the pages a person reaches), in the page's language.
 */
export async function walkMenu(page: Page, shots = join(ROOT, 'test-results', 'screenshots')): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  await page.locator('nav a[href]').first().waitFor({ state: 'attached' });
  const paths = await page.locator('nav a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  for (const [index, path] of paths.entries()) {
    await page.goto(`${origin}${path}`);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expectAccessible(page);
    if (index > 0) continue;
    const userMenu = page.locator('header [aria-haspopup="menu"]').last();
    await userMenu.click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'user menu');
    await userMenu.click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    if (phone) {
      const burger = page.locator('header .mantine-Burger-root').first();
      await burger.click();
      await page.locator('nav a[href]').first().waitFor({ state: 'visible' });
      await expectAccessible(page, 'side menu');
      if (shots) await page.screenshot({ path: join(shots, `menu-open-${new URL(page.url()).hostname.split('.')[0]}-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.png`) });
      await page.keyboard.press('Escape');
    }
  }
  return paths;
}
