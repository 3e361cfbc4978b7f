import { describe, expect, it } from 'vitest';
import type { TSupportSessionEnded } from '@portal/proto';
import { SUMMARY_LINES, summaryLine, summaryParams, type SummaryEntry } from './support-summary.rules.js';

const ended: TSupportSessionEnded = {
  session: 'abcdef0123456789', client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', company: 'デモ商事株式会社',
  actor: '代理 太郎 (デモ代理店株式会社)', actor_kind: 'partner',
  started_at: '2026-12-12T01:00:00.000Z', ended_at: '2026-12-12T01:30:00.000Z', reason: 'logout', owners: [],
};
const at = (minute: number) => new Date(Date.UTC(2026, 11, 12, 1, minute));
const invited: SummaryEntry = { operation: 'account_invited', detail: { email: 'helper@example.com', authority: 'user', support: true, actor: ended.actor, ip: '127.0.0.1' }, occurredAt: at(2) };
const renamed: SummaryEntry = {
  operation: 'account_name_changed', occurredAt: at(5),
  detail: { email: 'user@example.com', before: { family_name: '利用', given_name: '花子' }, after: { family_name: '利用', given_name: '三郎' }, support: true, actor: ended.actor },
};

describe('a support session\'s summary (issue 21)', () => {
  it('lists what was done in the reader\'s language and the client\'s time zone, without repeating the actor', () => {
    expect(summaryLine(invited, 'en-us', 'jpn')).toBe('- Dec 12, 2026, 10:02 AM GMT+9 Account invited: Email: helper@example.com, Authority: User');
    const japanese = summaryLine(renamed, 'ja-jp', 'jpn');
    expect(japanese).toContain('2026/12/12 10:05');
    expect(japanese).toContain('三郎');
    expect(japanese).not.toContain('代理 太郎');
  });

  it('fills the mail\'s codes: company, actor, times with their zone, reason and the lines', () => {
    const params = summaryParams(ended, [invited, renamed], 2, 'en-us', 'jpn');
    expect(params).toMatchObject({ company: 'デモ商事株式会社', actor: ended.actor, reason: 'logged out' });
    expect(params.started_at).toBe('Dec 12, 2026, 10:00 AM GMT+9');
    expect(params.ended_at).toMatch(/10:30/);
    expect(params.summary.split('\n')).toHaveLength(2);
    expect(summaryParams({ ...ended, reason: 'permission_withdrawn' }, [], 0, 'ja-jp', 'jpn').reason).toBe('代理ログイン許可の取り消し');
  });

  it('says when nothing was done', () => {
    expect(summaryParams(ended, [], 0, 'en-us', 'jpn').summary).toBe('No changes were recorded during this session.');
  });

  it('lists at most SUMMARY_LINES entries and counts the rest', () => {
    const many = Array.from({ length: SUMMARY_LINES }, () => invited);
    const lines = summaryParams(ended, many, SUMMARY_LINES + 7, 'en-us', 'jpn').summary.split('\n');
    expect(lines).toHaveLength(SUMMARY_LINES + 1);
    expect(lines.at(-1)).toBe('…and 7 more entries in the operation log.');
  });
});
