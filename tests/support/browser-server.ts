/**
 * vitest globalSetup of the e2e tier: one headless Chromium for the whole run, which every e2e
 * file connects to (tests/support/browser.ts; a launch per file cost about a second of CPU). Each
 * file still has its own browser contexts, so cookies and storage never cross files.
 */
import { chromium, type LaunchOptions } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { DEFAULT_HOST_MAP } from '@portal/proto';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium of the e2e run, if there is one. */
    browserEndpoint?: string;
  }
}

/** Every host name of the default host map; the shared browser resolves them all to this machine. */
export const PORTAL_HOSTS = Object.keys(DEFAULT_HOST_MAP).filter((h) => h !== 'localhost' && h !== '127.0.0.1');

/** Debian's Chromium, headless, with `hosts` resolved to this machine. */
export function launchOptions(hosts: readonly string[]): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1`).join(',')}`,
    ],
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(launchOptions(PORTAL_HOSTS));
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
