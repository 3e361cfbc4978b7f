import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './enums.js';
import { describeOperationDetail, type DetailContext } from './operation-detail.js';

const en: DetailContext = { language: 'en-us', timeZone: 'America/New_York', region: 'usa' };
const ja: DetailContext = { language: 'ja-jp', timeZone: 'Asia/Tokyo', region: 'jpn' };

describe('operation-log details of plan changes (issue 10, slice C)', () => {
  it('writes a plan change in words: product, plan, options, the month it applies, the review', () => {
    expect(describeOperationDetail('plan_change_applied', {
      product: 'bownow', plan: 'Pro plan', options: ['Extra users (5 accounts)', 'CRM link basic'], effective_from: '2026-12-01', review: 'required',
    }, en)).toEqual(['Product: BowNow', 'Plan: Pro plan', 'Options: Extra users (5 accounts), CRM link basic', 'Applies from Dec 1, 2026', 'Review: waiting for approval']);
    expect(describeOperationDetail('plan_change_applied', { product: 'bownow', plan: 'プロプラン', options: [], effective_from: '2026-12-01' }, ja))
      .toEqual(['製品：BowNow', 'プラン：プロプラン', 'オプション：なし', '2026/12/01 から適用']);
  });

  it('writes a cancellation with its end and penalty, and a rejection with its reason', () => {
    expect(describeOperationDetail('plan_cancelled', { product: 'actibook', plan: 'Standard plan', ends_on: '2026-12-31', penalty_months: 5 }, en))
      .toEqual(['Product: ActiBook', 'Plan: Standard plan', 'Ends on Dec 31, 2026', 'Penalty: 5 months of the minimum term']);
    expect(describeOperationDetail('plan_cancelled', { product: 'actibook', plan: 'Standard plan', ends_on: '2027-04-30', penalty_months: 0 }, en))
      .toEqual(['Product: ActiBook', 'Plan: Standard plan', 'Ends on Apr 30, 2027']);
    expect(describeOperationDetail('plan_application_rejected', { product: 'bownow', plan: 'Pro plan', reason: 'Credit check' }, en))
      .toEqual(['Product: BowNow', 'Plan: Pro plan', 'Reason: Credit check']);
  });

  it('never falls back to key: value for the keys the plans record, in any language', () => {
    const detail = { product: 'bownow', plan: 'P', options: ['O'], effective_from: '2026-12-01', ends_on: '2027-01-31', penalty_months: 2, review: 'required', reason: 'R' };
    for (const language of LANGUAGES) {
      const lines = describeOperationDetail('plan_change_applied', detail, { language, timeZone: 'Asia/Tokyo', region: 'jpn' });
      expect(lines.filter((l) => /^(plan|options|effective_from|ends_on|penalty_months|review): /.test(l)), language).toEqual([]);
      expect(lines, language).toHaveLength(8);
    }
  });
});
