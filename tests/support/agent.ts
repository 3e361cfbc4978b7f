import { POLL_MS, type TestPortal } from './harness.js';

/**
 * A browser-like client of a test portal: keeps cookies, sends the CSRF header, and arrives from
 * a chosen host and client address (X-Forwarded-For, trusted from loopback).
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(private readonly portal: TestPortal, readonly options: { host?: string; ip?: string; userAgent?: string } = {}) {}

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; setCookies: string[] }> {
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.host) headers['x-forwarded-host'] = this.options.host;
    if (this.options.ip) headers['x-forwarded-for'] = this.options.ip;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf_token');
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await fetch(`${this.portal.url}${path}`, { method, headers, body: body !== undefined ? JSON.stringify(body) : undefined });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed, setCookies };
  }

  /** multipart/form-data with one file (and simple fields). */
  async upload(path: string, fileName: string, content: Buffer, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(content)], { type: 'text/csv' }), fileName);
    const headers: Record<string, string> = {};
    if (this.options.host) headers['x-forwarded-host'] = this.options.host;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrf_token');
    if (csrf) headers['x-csrf-token'] = csrf;
    const res = await fetch(`${this.portal.url}${path}`, { method: 'POST', headers, body: form });
    return { status: res.status, body: await res.json() as any };
  }

  login(email: string, password: string, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/v1/login', { email, password, privacy_agreed: true, ...extra });
  }
}

/** The newest mail to `to` whose text matches, waiting for the outbox to deliver it. */
export async function mailTo(portal: TestPortal, to: string, match: RegExp, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = portal.mailbox.messages({ to }).find((m) => match.test(m.text));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${match}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The back-office specs' setup: the demo operator and the demo (primary) partner, each logged in on the portal. */
export async function backOfficeAgents(portal: TestPortal): Promise<{ operator: Agent; partner: Agent }> {
  const operator = new Agent(portal);
  const partner = new Agent(portal);
  for (const [agent, email, password] of [[operator, 'operator@example.com', 'Operator#2026'], [partner, 'partner@example.com', 'Partner#2026']] as const) {
    const res = await agent.login(email, password);
    if (res.status !== 200) throw new Error(`${email} could not log in: ${JSON.stringify(res.body)}`);
  }
  return { operator, partner };
}
