import { renderMessage, type TBillingJobWaiting, type TLanguage } from '@portal/proto';
import type { JobActivity } from '@portal/service-common/jobs';

/**
 * Issue 21: what the billing job waits for, as the operators' billing runs page says it. A run whose
 * worker stopped renewing its lease (its process died) is taken over within the lease; a failed
 * attempt waits for its retry; on a start, a run already under way takes the month in turn. A
 * run that is simply working needs no words on the list. Null where pg-boss does not run here.
 */
export function billingJobWaiting(activity: JobActivity | null, language: TLanguage, onStart: boolean): TBillingJobWaiting | null {
  const active = activity?.active;
  if (active?.stale) {
    const seconds = active.takeoverWithinSeconds;
    return { reason: 'takeover', seconds, message: renderMessage(language, 'billing_run.waiting_takeover', { silent: active.silentSeconds, seconds }) };
  }
  if (active) {
    if (!onStart) return null;
    const seconds = active.runningSeconds;
    return { reason: 'running', seconds, message: renderMessage(language, 'billing_run.waiting_running', { seconds }) };
  }
  if (activity?.retry) {
    // Due now: a worker takes it at its next poll.
    const seconds = Math.max(1, activity.retry.startsInSeconds);
    return { reason: 'retry', seconds, message: renderMessage(language, 'billing_run.waiting_retry', { seconds }) };
  }
  return null;
}
