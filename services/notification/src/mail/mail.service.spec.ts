import { describe, expect, it } from 'vitest';
import { MailService, renderMail } from './mail.service.js';

const invitation = { to: 'hanako@example.com', template: 'invitation' as const, params: { company: 'Demo KK', inviter: 'Alex Smith', url: 'http://x/invite/t' } };

describe('renderMail', () => {
  it('greets the addressee by the name the producer wrote, in the mail\'s language', () => {
    expect(renderMail({ ...invitation, language: 'ja-jp', recipient: '新人花子' }).text).toMatch(/^新人花子 様\n\n/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: 'Hanako Shinjin' }).text).toMatch(/^Dear Hanako Shinjin,\n\nAlex Smith has invited you/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: 'Hanako Shinjin' }).html).toContain('Dear Hanako Shinjin,<br><br>');
  });

  it('starts with the body when there is no one to greet', () => {
    expect(renderMail({ ...invitation, language: 'en-us' }).text).toMatch(/^Alex Smith has invited you/);
    expect(renderMail({ ...invitation, language: 'en-us', recipient: '  ' }).text).toMatch(/^Alex Smith has invited you/);
  });
});

describe('MailService.send: SMTP only after the commit, once per event', () => {
  /** A repository whose statements "commit" when they resolve; `failNext` fails the next one before it commits. */
  const setup = () => {
    const log: string[] = [];
    const sent = new Set<string>();
    const recorded = new Set<string>();
    let failNext: string | undefined;
    const commit = (what: string, apply: () => void) => {
      const failing = failNext;
      failNext = undefined;
      if (failing) {
        log.push(`rollback ${what}`);
        throw new Error(failing);
      }
      apply();
      log.push(`commit ${what}`);
    };
    const repo = {
      recordUnlessSent: async (_shard: string, row: { msgId: string }) => {
        if (sent.has(row.msgId)) return 'sent';
        commit('record', () => recorded.add(row.msgId));
        return 'recorded';
      },
      markSent: async (_shard: string, id: string) => commit('mark', () => sent.add(id)),
    };
    const mails: { to: string; messageId?: string }[] = [];
    let smtpDown = false;
    const mailer = {
      send: async (m: { to: string; messageId?: string }) => {
        if (smtpDown) throw new Error('SMTP down');
        log.push('smtp');
        mails.push(m);
      },
      close: () => undefined,
    };
    const service = new MailService(repo as never, mailer as never);
    return {
      service, log, mails, recorded,
      failCommit: (why: string) => { failNext = why; },
      smtp: (down: boolean) => { smtpDown = down; },
    };
  };
  const request = { ...invitation, language: 'en-us' as const };

  it('commits the record before SMTP sees the mail, with a Message-ID from the event id', async () => {
    const t = setup();
    await t.service.send('jpn', request, 'evt-1');
    expect(t.log).toEqual(['commit record', 'smtp', 'commit mark']);
    expect(t.mails).toEqual([expect.objectContaining({ to: 'hanako@example.com', messageId: 'mail-evt-1' })]);
  });

  it('sends nothing when recording fails; the redelivery sends it once', async () => {
    const t = setup();
    t.failCommit('57P01 terminating connection');
    await expect(t.service.send('jpn', request, 'evt-2')).rejects.toThrow('57P01');
    expect(t.mails).toHaveLength(0);
    await t.service.send('jpn', request, 'evt-2');
    expect(t.mails).toHaveLength(1);
  });

  it('does not send again when only the "sent" mark failed to commit, nor after it committed', async () => {
    const t = setup();
    // SMTP takes the mail, then the database goes away before the mark commits.
    (t.service as unknown as { mailer: unknown }).mailer = { send: async (m: { to: string }) => { t.mails.push(m); t.failCommit('database restarted'); }, close: () => undefined };
    await expect(t.service.send('jpn', request, 'evt-3')).rejects.toThrow('database restarted');
    expect(t.mails).toHaveLength(1);
    await t.service.send('jpn', request, 'evt-3'); // the redelivery
    await t.service.send('jpn', request, 'evt-3'); // and another one
    expect(t.mails).toHaveLength(1);
  });

  it('leaves the event for redelivery when SMTP refuses, and sends it once SMTP is back', async () => {
    const t = setup();
    t.smtp(true);
    await expect(t.service.send('jpn', request, 'evt-4')).rejects.toThrow('SMTP down');
    t.smtp(false);
    await t.service.send('jpn', request, 'evt-4');
    expect(t.mails).toHaveLength(1);
    expect(t.recorded.has('evt-4')).toBe(true);
  });
});
