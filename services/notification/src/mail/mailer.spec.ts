import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { SmtpMailer } from './mailer.js';

describe('SmtpMailer over real SMTP', () => {
  const sink = new SmtpSink();
  let port = 0;
  beforeAll(async () => {
    port = await sink.start();
  });
  afterAll(() => sink.stop());

  it('sends mails one after another over one pooled connection', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <noreply@example.com>');
    for (let i = 0; i < 3; i++) await mailer.send({ to: `p${i}@example.com`, subject: `Hello ${i}`, text: `Body ${i}`, html: `<p>Body ${i}</p>` });
    mailer.close();
    expect(sink.messages().map((m) => m.subject).sort()).toEqual(['Hello 0', 'Hello 1', 'Hello 2']);
    expect(sink.messages({ to: 'p1@example.com' })[0]).toMatchObject({ from: 'noreply@example.com', text: expect.stringContaining('Body 1') });
  });

  it('gives a mail the stable Message-ID it is asked for, on the sender\'s domain', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <noreply@portal.example.jp>');
    await mailer.send({ to: 'mid@example.com', subject: 'Once', text: 't', html: '<p>t</p>', messageId: 'mail-evt-42' });
    await mailer.send({ to: 'mid@example.com', subject: 'Once', text: 't', html: '<p>t</p>', messageId: 'mail-evt-42' });
    mailer.close();
    // The repeat carries the same Message-ID, so the receiving mailbox (here the dev sink) keeps one.
    expect(sink.messages({ to: 'mid@example.com' }).map((m) => m.message_id)).toEqual(['<mail-evt-42@portal.example.jp>']);
    expect(sink.duplicates).toBe(1);
  });

  it('fails a send when nothing listens (the event is then redelivered)', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:1', 'noreply@example.com');
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    mailer.close();
  });
});
