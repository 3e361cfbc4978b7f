/**
 * Issue 12, slice A: the operator's system mail templates, preview and test send, an edited
 * template in the next mail of its trigger, and delivery while the SMTP server refuses
 * connections (the back-off is configured short: refused for a while, then sent exactly once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '@portal/proto';
import { notificationService } from '@portal/notification';
import { startService } from '@portal/service-common/service-module';
import { InProcessTransport } from '@portal/service-common/transport/in-process.transport';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

describe('system mail templates and delivery (issue 12, slice A)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let owner: Agent;
  const notification = () => portal.services.find((s) => s.name === 'notification')!;
  const logRow = async (to: string) => (await portal.db.query<{ status: string; attempts: number; last_error: string | null }>(
    'SELECT status, attempts, last_error FROM usa_notification.sent_mails WHERE to_address = $1', [to]));
  const version = async (template: string, language: string) => (await portal.db.query<{ subject: string; body: string; edited: boolean }>(
    'SELECT subject, body, edited FROM global_notification.mail_template_versions WHERE template = $1 AND language = $2', [template, language]))[0];
  const signup = (email: string) => portal.call('POST', '/v1/signup/temporary', { host: 'portal.example.com', body: { email, terms_agreed: true, eu_subject: false } });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', env: { MAIL_RETRY_BASE_MS: '1', MAIL_RETRY_MAX_MS: '1' } });
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lists every mail the portal sends, seeded from the texts in code, to operators only', async () => {
    const res = await operator.call('GET', '/v1/operator/mails');
    expect(res.status).toBe(200);
    expect(res.body.result.templates.map((t: { template: string }) => t.template).sort()).toEqual([...MAIL_TEMPLATES].sort());
    expect(res.body.result.templates.find((t: { template: string }) => t.template === 'invitation')).toMatchObject({ target: 'all', described: true, subject: '{{company}}への招待', edited: [] });
    const detail = await operator.call('GET', '/v1/operator/mails/detail?template=invitation');
    expect(detail.body.result.template.codes.sort()).toEqual(['company', 'inviter', 'recipient', 'url']);
    expect(detail.body.result.template.versions['en-us'].body).toMatch(/^\[\[header\]\]\n\n\{\{inviter\}\} has invited you/);
    for (const [method, path, body] of [
      ['GET', '/v1/operator/mails'], ['GET', '/v1/operator/mails/detail?template=invitation'], ['GET', '/v1/operator/mails/parts'], ['GET', '/v1/operator/mail_log'],
      ['PUT', '/v1/operator/mails', {}], ['POST', '/v1/operator/mails/preview', {}], ['POST', '/v1/operator/mails/test', {}], ['PUT', '/v1/operator/mails/parts', {}],
    ] as const) {
      const refused = await owner.call(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses a template with an unknown insertion code, naming it, and writes nothing', async () => {
    const before = await version('invitation', 'en-us');
    const res = await operator.call('PUT', '/v1/operator/mails', {
      template: 'invitation', sender_address: '', sender_name: '', to: '', bcc: '',
      versions: { 'en-us': { subject: 'Join {{company}}', body: 'Your code: {{amount}} [[header]]' } },
    });
    expect(res.body.result.access_status.code).toBe(40011);
    expect(res.body.result.errors['versions.en-us.body'][0]).toMatch(/差し込みコード \{\{amount\}\} はこのメールでは使用できません/);
    expect(await version('invitation', 'en-us')).toEqual(before);
    const bad = await operator.call('PUT', '/v1/operator/mails', {
      template: 'invitation', sender_address: 'not-an-address', sender_name: '', to: '', bcc: 'a@example.com, nope', versions: {},
    });
    expect(bad.body.result.access_status.code).toBe(40011);
    expect(Object.keys(bad.body.result.errors).sort()).toEqual(['bcc', 'sender_address']);
  });

  it('previews a draft with sample data and sends a test to the operator through the queue', async () => {
    const draft = { template: 'invitation', language: 'en-us', subject: 'Preview {{company}}', body: '[[header]]\n\nHello from {{inviter}}: {{url}}\n\n--\n[[footer]]' };
    const preview = await operator.call('POST', '/v1/operator/mails/preview', draft);
    expect(preview.body.result).toMatchObject({ subject: 'Preview Sample Co., Ltd.', text: expect.stringMatching(/^Dear Alex Smith,\n\nHello from Alex Smith: https:\/\/portal\.example\.jp\/sample\n\n--\nThis email was sent automatically/) });
    const sent = await operator.call('POST', '/v1/operator/mails/test', { ...draft, to: 'ops-test@example.com' });
    expect(sent.body.result.queued).toBe(true);
    await portal.settle();
    const mails = portal.mailbox.messages({ to: 'ops-test@example.com' });
    expect(mails.map((m) => m.subject)).toEqual(['Preview Sample Co., Ltd.']);
    const log = await operator.call('GET', '/v1/operator/mail_log?recipient=OPS-TEST');
    expect(log.body.result.mails).toEqual([expect.objectContaining({ to: 'ops-test@example.com', status: 'sent', template: 'invitation', attempts: 1 })]);
  });

  it('uses an edited template (and an edited common part) for the next mail of its trigger', async () => {
    const detail = (await operator.call('GET', '/v1/operator/mails/detail?template=temporary_register')).body.result.template;
    const saved = await operator.call('PUT', '/v1/operator/mails', {
      template: 'temporary_register', sender_address: 'signup@portal.example.jp', sender_name: 'Portal Signup', to: '', bcc: 'audit@example.com',
      versions: { 'en-us': { subject: 'Finish signing up', body: 'Edited: open {{url}}\n\n[[signature]]\n\n--\n[[footer]]' } },
    });
    expect(saved.body.result.template).toMatchObject({ sender_address: 'signup@portal.example.jp', bcc: 'audit@example.com', edited: ['en-us'] });
    expect((await version('temporary_register', 'ja-jp'))!.body).toBe(detail.versions['ja-jp'].body);
    await operator.call('PUT', '/v1/operator/mails/parts', { part: 'signature', language: 'en-us', text: 'The portal team' });
    const badPart = await operator.call('PUT', '/v1/operator/mails/parts', { part: 'footer', language: 'en-us', text: 'Bye {{company}}' });
    expect(badPart.body.result.access_status.code).toBe(40011);

    expect((await signup('edited-tpl@example.com')).status).toBe(200);
    await portal.settle();
    const [mail] = portal.mailbox.messages({ to: 'edited-tpl@example.com' });
    expect(mail).toMatchObject({ subject: 'Finish signing up', from: 'signup@portal.example.jp' });
    expect(mail!.text).toMatch(/^Edited: open http\S+\n\nThe portal team\n\n--\nThis email was sent automatically/);
    expect(portal.mailbox.messages({ to: 'audit@example.com' })).toHaveLength(1);
  });

  it('keeps a mail while the SMTP server refuses connections, then sends it exactly once', async () => {
    await operator.call('PUT', '/v1/operator/mails', { template: 'temporary_register', sender_address: '', sender_name: '', to: '', bcc: '', versions: {} });
    const port = portal.mailbox.port;
    const duplicates = portal.mailbox.duplicates;
    await portal.mailbox.stop();
    expect((await signup('smtp-down@example.com')).status).toBe(200);
    await portal.settle();
    // Refused: queued with the error, the outbox event done (nothing waits on NATS or the outbox).
    expect(await logRow('smtp-down@example.com')).toEqual([expect.objectContaining({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|ECONNECTION/) })]);
    await notification().runJob('notification-mail-retry');
    expect(await logRow('smtp-down@example.com')).toEqual([expect.objectContaining({ status: 'queued', attempts: 2 })]);
    expect((await portal.db.query<{ text_body: string }>("SELECT text_body FROM usa_notification.sent_mails WHERE to_address = 'smtp-down@example.com'"))[0]!.text_body).toMatch(/http\S+/);
    await portal.mailbox.start(port);
    expect(await notification().runJob('notification-mail-retry')).toMatchObject({ sent: 1 });
    expect(await notification().runJob('notification-mail-retry')).toMatchObject({ sent: 0, due: 0 });
    await portal.settle();
    expect(portal.mailbox.messages({ to: 'smtp-down@example.com' })).toHaveLength(1);
    expect(portal.mailbox.duplicates).toBe(duplicates);
    expect(await logRow('smtp-down@example.com')).toEqual([expect.objectContaining({ status: 'sent', attempts: 3 })]);
    // The queue kept the body (its link carries a token) only until SMTP had it.
    expect(await portal.db.query("SELECT text_body, html_body FROM usa_notification.sent_mails WHERE to_address = 'smtp-down@example.com'")).toEqual([{ text_body: '', html_body: '' }]);
    const log = await operator.call('GET', '/v1/operator/mail_log?recipient=smtp-down@example.com&status=sent');
    expect(log.body.result.mails).toHaveLength(1);
  });

  it('syncs the templates with the texts in code at every notification start, never overwriting an operator\'s edit', async () => {
    const edited = await version('temporary_register', 'en-us');
    expect(edited).toMatchObject({ subject: 'Finish signing up', edited: true });
    const seeded = await version('invitation', 'th-th');
    // As if the code's wording changed since the last start, and a language were new in code.
    await portal.db.query("UPDATE global_notification.mail_template_versions SET body = 'old wording' WHERE template = 'invitation' AND language = 'th-th'");
    await portal.db.query("DELETE FROM global_notification.mail_template_versions WHERE template = 'welcome' AND language = 'vi-vn'");
    const transport = new InProcessTransport({ holdEvents: true });
    const second = await startService(notificationService, {
      transport, env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: portal.db.url, DB_POOL_MAX: '2', SMTP_URL: `smtp://127.0.0.1:${portal.mailbox.port}` },
    });
    await second.stop();
    expect(await version('invitation', 'th-th')).toEqual(seeded);
    expect(await version('welcome', 'vi-vn')).toMatchObject({ edited: false, subject: expect.any(String) });
    expect(await version('temporary_register', 'en-us')).toEqual(edited);
  });
});
