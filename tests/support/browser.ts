import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { ROOT } from '../../scripts/lib/root.js';
import { startTestPortal, type TestPortal } from './harness.js';

/** Debian's Chromium, headless, with host names of the host map resolved to this machine. */
export async function launchBrowser(hosts: readonly string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`,
    ],
  });
}

export interface BrowserPortal {
  portal: TestPortal;
  browser: Browser;
  /** http://portal.example.jp:<port>: the Japanese host of the host map, served by the test portal. */
  origin: string;
  /** Where the tests save their screenshots (looked at, not compared). */
  shots: string;
}

/**
 * The all-in-one portal with the built SPA (in-process transport, fresh database) and a headless
 * Chromium that reaches it as portal.example.jp, for the tests of one describe block.
 */
export function useBrowserPortal(): BrowserPortal {
  const env = { shots: join(ROOT, 'test-results', 'screenshots') } as BrowserPortal;
  beforeAll(async () => {
    env.portal = await startTestPortal({ transport: 'in-process', web: true });
    env.origin = `http://portal.example.jp:${new URL(env.portal.url).port}`;
    env.browser = await launchBrowser(['portal.example.jp']);
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
