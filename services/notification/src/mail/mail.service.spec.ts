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
  /** A unit of work whose transactions "commit" when `run` resolves; `failNext` fails the next commit. */
  const setup = () => {
    const log: string[] = [];
    const sent = new Set<string>();
    const recorded = new Set<string>();
    let failNext: string | undefined;
    const uow = {
      run: async <T>(_shard: string, work: (tx: unknown) => Promise<T>) => {
        const staged: (() => void)[] = [];
        const result = await work({ staged });
        const failing = failNext;
        failNext = undefined;
        if (failing) {
          log.push(`rollback (${failing})`);
          throw new Error(failing);
        }
        for (const apply of staged) apply();
        log.push('commit');
        return result;
      },
    };
    const repo = {
      isSent: async (_tx: unknown, id: string) => sent.has(id),
      record: async (tx: { staged: (() => void)[] }, row: { msgId: string }) => { tx.staged.push(() => recorded.add(row.msgId)); },
      markSent: async (tx: { staged: (() => void)[] }, id: string) => { tx.staged.push(() => sent.add(id)); },
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
    const service = new MailService(repo as never, uow as never, mailer as never);
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
    expect(t.log).toEqual(['commit', 'smtp', 'commit']);
    expect(t.mails).toEqual([expect.objectContaining({ to: 'hanako@example.com', messageId: 'mail-evt-1' })]);
  });

  it('sends nothing when the recording transaction fails; the redelivery sends it once', async () => {
    const t = setup();
    t.failCommit('57P01 terminating connection');
    await expect(t.service.send('jpn', request, 'evt-2')).rejects.toThrow('57P01');
    expect(t.mails).toHaveLength(0);
    await t.service.send('jpn', request, 'evt-2');
    expect(t.mails).toHaveLength(1);
  });

  it('does not send again when only the "sent" mark failed to commit, nor after it committed', async () => {
    const t = setup();
    const sendThenFailMark = async () => {
      // first commit (record) succeeds, the mark after SMTP fails
      const original = t.service.send.bind(t.service);
      return original('jpn', request, 'evt-3');
    };
    let commits = 0;
    const uowRun = (t.service as unknown as { uow: { run: (...a: unknown[]) => Promise<unknown> } }).uow.run;
    (t.service as unknown as { uow: { run: (...a: unknown[]) => Promise<unknown> } }).uow.run = async (...args: unknown[]) => {
      if (++commits === 2) t.failCommit('database restarted');
      return uowRun(...args);
    };
    await expect(sendThenFailMark()).rejects.toThrow('database restarted');
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
