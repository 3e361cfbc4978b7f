import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { generateKeyPairSync } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { describeSmtpFailure, isPermanentSmtpFailure, SmtpMailer } from './mailer.js';

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

  it('signs with DKIM when configured (the sender domain and selector in the header, the key nowhere in the mail)', async () => {
    const raw: string[] = [];
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], disableReverseLookup: true, logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => { raw.push(Buffer.concat(chunks).toString()); callback(); });
      },
    });
    const rawPort = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${rawPort}`, 'Portal <noreply@portal.example.jp>', { domainName: 'portal.example.jp', keySelector: 'mail2026', privateKey: pem });
    await mailer.send({ to: 'dkim@example.com', subject: 'Signed', text: 't', html: '<p>t</p>', from: { address: 'signup@portal.example.jp', name: 'Signup' }, bcc: 'audit@example.com' });
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256;[^]*d=portal\.example\.jp;[^]*s=mail2026;/m);
    expect(raw[0]).toMatch(/^From: Signup <signup@portal\.example\.jp>/m);
    expect(raw[0]).not.toContain(pem.split('\n')[1]);
  });

  it('tells a permanent refusal (5xx: a bounce) from a passing failure, and describes it by SMTP\'s answer', () => {
    const bounce = Object.assign(new Error('Message failed'), { responseCode: 550, response: '550 5.1.1 <x@example.com>: user unknown' });
    expect(isPermanentSmtpFailure(bounce)).toBe(true);
    expect(describeSmtpFailure(bounce)).toBe('550 5.1.1 <x@example.com>: user unknown');
    const busy = Object.assign(new Error('try later'), { responseCode: 451, response: '451 4.3.0 try later' });
    expect(isPermanentSmtpFailure(busy)).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' });
    expect(isPermanentSmtpFailure(refused)).toBe(false);
    expect(describeSmtpFailure(refused)).toBe('ESOCKET: connect ECONNREFUSED 127.0.0.1:1');
  });
});
