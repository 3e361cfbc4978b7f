import { describe, expect, it } from 'vitest';
import type { JobActivity } from '@portal/service-common/jobs';
import { billingJobWaiting } from './billing-job-waiting.rules.js';

const idle: JobActivity = { active: null, retry: null, queued: 0 };
const working: JobActivity = { ...idle, active: { id: 'a', runningSeconds: 95, silentSeconds: 1, stale: false, takeoverWithinSeconds: 16 } };
const dead: JobActivity = { ...idle, active: { id: 'a', runningSeconds: 95, silentSeconds: 7, stale: true, takeoverWithinSeconds: 10 } };
const failed: JobActivity = { ...idle, retry: { id: 'r', startsInSeconds: 8 } };

describe('billingJobWaiting (what an operator is told the billing job waits for)', () => {
  it('says a dead run is taken over, and when, in the request language', () => {
    expect(billingJobWaiting(dead, 'en-us', false)).toEqual({
      reason: 'takeover', seconds: 10,
      message: "The billing job's previous run stopped answering 7 seconds ago (its process ended). Another worker takes it over within 10 seconds; this month follows.",
    });
    expect(billingJobWaiting(dead, 'ja-jp', true)?.message).toBe('請求ジョブの前回の実行が7秒前から応答していません（プロセスが終了しました）。10秒以内に別のワーカーが引き継ぎ、続けてこの月を処理します。');
  });

  it('says a failed attempt starts again, and when', () => {
    expect(billingJobWaiting(failed, 'en-us', true)).toMatchObject({ reason: 'retry', seconds: 8, message: expect.stringContaining('starts again in 8 seconds') });
    expect(billingJobWaiting({ ...idle, retry: { id: 'r', startsInSeconds: 0 } }, 'en-us', false)).toMatchObject({ reason: 'retry', seconds: 1 });
  });

  it('tells a start that a run is under way, and says nothing of it on the list', () => {
    expect(billingJobWaiting(working, 'en-us', true)).toMatchObject({ reason: 'running', seconds: 95 });
    expect(billingJobWaiting(working, 'en-us', false)).toBeNull();
  });

  it('has nothing to say when nothing waits, or where no job runner runs', () => {
    expect(billingJobWaiting(idle, 'en-us', true)).toBeNull();
    expect(billingJobWaiting(null, 'en-us', true)).toBeNull();
  });
});
