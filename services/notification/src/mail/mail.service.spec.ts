import { describe, expect, it } from 'vitest';
import { MailService } from './mail.service.js';
import { retryDelayMs } from './mail.config.js';

/**
 * Delivery of one queued mail against a fake queue whose statements "commit" when they resolve
 * (the real statements are single UPDATEs: mail.repository.ts), and a fake SMTP.
 */
const setup = (config: Partial<{ MAIL_MAX_ATTEMPTS: number }> = {}) => {
  const log: string[] = [];
  const row = { id: 'm1', msgId: 'evt-1', toAddress: 'a@example.com', extraTo: '', bcc: '', senderAddress: '', senderName: '', subject: 's', textBody: 't', htmlBody: 'h', template: 'welcome', language: 'en-us', attempts: 0, status: 'queued' as string, leased: false };
  let failNextMark = false;
  const repo = {
    claim: async (_s: string, _id: string, _lease: number, takeOver?: boolean) => {
      if (!['queued', 'sending'].includes(row.status)) return null;
      if (row.status === 'sending' && row.leased && !takeOver) return null;
      row.status = 'sending';
      row.attempts++;
      log.push('claim');
      return { ...row };
    },
    markSent: async () => {
      if (failNextMark) { failNextMark = false; throw new Error('database restarted'); }
      row.status = 'sent';
      log.push('sent');
    },
    markFailed: async (_s: string, _id: string, error: string, outcome: { final?: string; retryMs?: number }) => {
      row.status = outcome.final ?? 'queued';
      log.push(`failed ${outcome.final ?? `retry ${outcome.retryMs}`} ${error}`);
    },
  };
  const mails: { messageId?: string }[] = [];
  let smtp: 'up' | 'down' | 'reject' = 'up';
  const mailer = {
    send: async (m: { messageId?: string }) => {
      if (smtp === 'down') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
      if (smtp === 'reject') throw Object.assign(new Error('550'), { responseCode: 550, response: '550 5.1.1 no such user' });
      log.push('smtp');
      mails.push(m);
    },
    close: () => undefined,
  };
  const cfg = { MAIL_RETRY_BASE_MS: 1000, MAIL_RETRY_MAX_MS: 60_000, MAIL_MAX_ATTEMPTS: 5, MAIL_LEASE_MS: 300_000, MAIL_RETRY_CRON: '* * * * *', ...config };
  const service = new MailService(repo as never, {} as never, mailer as never, cfg as never, { register: () => undefined } as never);
  return { service, log, mails, row, smtp: (s: typeof smtp) => { smtp = s; }, failMark: () => { failNextMark = true; } };
};

describe('MailService.deliver: claimed before SMTP, recorded after', () => {
  it('claims, hands to SMTP with a Message-ID from the event id, and records it sent', async () => {
    const t = setup();
    expect(await t.service.deliver('jpn', 'm1')).toBe('sent');
    expect(t.log).toEqual(['claim', 'smtp', 'sent']);
    expect(t.mails).toEqual([expect.objectContaining({ messageId: 'mail-evt-1' })]);
    expect(await t.service.deliver('jpn', 'm1')).toBe('not_due');
    expect(t.mails).toHaveLength(1);
  });

  it('queues the mail again with a back-off while SMTP is away, and sends it once it is back', async () => {
    const t = setup();
    t.smtp('down');
    expect(await t.service.deliver('jpn', 'm1')).toBe('retry');
    expect(t.log.at(-1)).toBe('failed retry 1000 ECONNECTION: connect ECONNREFUSED');
    expect(await t.service.deliver('jpn', 'm1')).toBe('retry');
    expect(t.log.at(-1)).toMatch(/^failed retry 2000/);
    t.smtp('up');
    expect(await t.service.deliver('jpn', 'm1')).toBe('sent');
    expect(t.mails).toHaveLength(1);
  });

  it('records a permanent refusal as bounced with SMTP\'s answer, and gives up after the last attempt', async () => {
    const t = setup();
    t.smtp('reject');
    expect(await t.service.deliver('jpn', 'm1')).toBe('bounced');
    expect(t.log.at(-1)).toBe('failed bounced 550 5.1.1 no such user');
    const u = setup({ MAIL_MAX_ATTEMPTS: 2 });
    u.smtp('down');
    expect(await u.service.deliver('jpn', 'm1')).toBe('retry');
    expect(await u.service.deliver('jpn', 'm1')).toBe('failed');
  });

  it('does not hand a mail to SMTP again in this process when only the "sent" record failed', async () => {
    const t = setup();
    t.failMark();
    await expect(t.service.deliver('jpn', 'm1')).rejects.toThrow('database restarted');
    expect(await t.service.deliver('jpn', 'm1')).toBe('sent'); // the lease ran out: claimed again, recorded only
    expect(t.mails).toHaveLength(1);
  });
});

describe('MailService.deliver: a claim whose lease still runs', () => {
  it('is left alone by the retry job, and taken over by the redelivered event of the handler that died holding it', async () => {
    const t = setup();
    Object.assign(t.row, { status: 'sending', leased: true, attempts: 1 });
    expect(await t.service.deliver('jpn', 'm1')).toBe('not_due');
    expect(t.mails).toHaveLength(0);
    expect(await t.service.deliver('jpn', 'm1', { takeOver: true })).toBe('sent');
    expect(t.mails).toEqual([expect.objectContaining({ messageId: 'mail-evt-1' })]);
    expect(t.row.attempts).toBe(2);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap', () => {
    const c = { MAIL_RETRY_BASE_MS: 1000, MAIL_RETRY_MAX_MS: 5000 };
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(c, n))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
