import { chromium, type Browser } from 'playwright-core';

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
