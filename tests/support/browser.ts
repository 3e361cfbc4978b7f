import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { ROOT } from '../../scripts/lib/root.js';
import { launchOptions, PORTAL_HOSTS } from './browser-server.js';
import { startTestPortal, type TestPortal } from './harness.js';

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
