import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { ROOT } from '../../scripts/lib/root.js';
import { launchOptions, PORTAL_HOSTS } from './browser-server.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { freePort } from './ports.js';

/**
 * Headless Chromium with `hosts` resolved to this machine: the run's shared browser when the e2e
 * global setup started one (closing it closes only this file's contexts), else one of its own.
 */
export async function launchBrowser(hosts: readonly string[]): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint || hosts.some((h) => !PORTAL_HOSTS.includes(h))) return chromium.launch(launchOptions(hosts));
  return chromium.connect(endpoint);
}

export interface BrowserPortal {
  portal: TestPortal;
  browser: Browser;
  /** http://portal.example.jp:<port>: the Japanese host of the host map, served by the test portal. */
  origin: string;
  /** The test portal's port (every host of the host map reaches it on this port). */
  port: string;
  /** Where the tests save their screenshots (looked at, not compared). */
  shots: string;
}

/**
 * The all-in-one portal with the built SPA (in-process transport, fresh database) and a headless
 * Chromium that reaches it as portal.example.jp, for the tests of one describe block.
 */
export function useBrowserPortal(hosts: readonly string[] = ['portal.example.jp']): BrowserPortal {
  const env = { shots: join(ROOT, 'test-results', 'screenshots') } as BrowserPortal;
  beforeAll(async () => {
    env.portal = await startTestPortal({ transport: 'in-process', web: true });
    env.port = new URL(env.portal.url).port;
    env.origin = `http://portal.example.jp:${env.port}`;
    env.browser = await launchBrowser(hosts);
    mkdirSync(env.shots, { recursive: true });
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.portal?.close();
  });
  return env;
}

/** A form field by its label; Mantine appends " *" to required labels. */
export const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

export interface LoginOptions {
  /** Where the login page sends the user (`targetUrl`); without it, the area's home. */
  target?: string;
  width?: number;
  height?: number;
  locale?: string;
  acceptDownloads?: boolean;
}

/** A new browser context on the Japanese host, logged in through the login page (a demo account). */
export async function logIn(env: Pick<BrowserPortal, 'browser' | 'origin'>, email: string, password: string, o: LoginOptions = {}): Promise<Page> {
  const context = await env.browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 900 }, ...(o.locale ? { locale: o.locale } : {}), ...(o.acceptDownloads ? { acceptDownloads: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${env.origin}/login${o.target ? `?targetUrl=${encodeURIComponent(o.target)}` : ''}`);
  await fillLogin(page, email, password);
  return page;
}

/** The labels of the Japanese login form. */
const LOGIN_JA = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };

/**
 * Fills the login page's form (Japanese labels unless given) and submits it. It waits for the page
 * to settle first (its chunks and catalogues loaded) and for the submit button to be enabled:
 * typing into a form that is still being set up lost the input twice in CI (the button stayed
 * disabled); a form that did not take the input is filled once more before the test goes on.
 */
export async function fillLogin(page: Page, email: string, password: string, labels = LOGIN_JA): Promise<void> {
  await page.waitForLoadState('networkidle');
  const submit = page.getByRole('button', { name: labels.button });
  const agreement = page.getByRole('checkbox', { name: labels.privacy });
  for (let attempt = 0; ; attempt += 1) {
    await field(page, labels.email).fill(email);
    await field(page, labels.password).fill(password);
    if (!(await agreement.isChecked())) await page.getByText(labels.privacy).click();
    try {
      await submit.waitFor({ state: 'visible' });
      await page.waitForFunction((b) => b instanceof HTMLButtonElement && !b.disabled, await submit.elementHandle(), { timeout: attempt === 0 ? 3000 : 10_000 });
      break;
    } catch (error) {
      if (attempt > 0) throw error;
    }
  }
  await submit.click();
}

export interface PartnerSite {
  /** http://127.0.0.1:<port>: another origin than the portal's. */
  origin: string;
  /** The HTML pasted into the page (the partner's embed code). */
  snippet: string;
}

/**
 * A partner's own web site for the tests of one describe block: another origin than the portal,
 * serving one page with `site.snippet` (the embed code, once the test has copied it) pasted in.
 */
export function usePartnerSite(title = 'Partner site'): PartnerSite {
  const site: PartnerSite = { origin: '', snippet: '' };
  let server: Server | undefined;
  beforeAll(async () => {
    const port = await freePort();
    site.origin = `http://127.0.0.1:${port}`;
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${site.snippet}</body></html>`);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
  return site;
}

/**
 * The widths a page walk over several hosts visits on its `index`-th host. `npm test` keeps every
 * host's assertions and both layouts without the full matrix: both widths on the first host, then
 * desktop on the second and phone on the third (the longest scripts, Thai, at the narrowest).
 * `E2E_WALK=full` visits every host at both widths, for the screenshots a walk reads
 * (docs/decisions.md, "npm test under 10 minutes: the walk matrix").
 */
export function walkWidths(index: number): readonly number[] {
  if (process.env.E2E_WALK === 'full' || index === 0) return [1280, 390];
  return index % 2 === 1 ? [1280] : [390];
}
