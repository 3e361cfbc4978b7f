import { describe, expect, it } from 'vitest';
import { ZClientCreateLicence } from './backoffice-clients.js';
import { euQuestionApplies, euRegistrationProblem } from './eu-rule.js';
import { fieldMessages } from './validation.js';

describe('the EU data-protection rule (spec §1)', () => {
  it('asks companies outside Japan only', () => {
    expect(euQuestionApplies('jpn')).toBe(false);
    expect(euQuestionApplies('global')).toBe(false);
    for (const region of ['usa', 'tha', 'vnm', 'mys', 'other']) expect(euQuestionApplies(region), region).toBe(true);
  });

  it('refuses a yes, requires an answer outside Japan, and ignores it in Japan', () => {
    expect(euRegistrationProblem('usa', true)).toBe('refused');
    expect(euRegistrationProblem('usa', undefined)).toBe('unanswered');
    expect(euRegistrationProblem('usa', false)).toBeNull();
    expect(euRegistrationProblem('jpn', undefined)).toBeNull();
    expect(euRegistrationProblem('jpn', true)).toBeNull();
  });

  it('is part of the operator\'s licence step for a client outside Japan', () => {
    const step = { contract_type: 'none', licence_type: 'normal' };
    expect(ZClientCreateLicence.safeParse({ ...step, region: 'jpn' }).success).toBe(true);
    expect(ZClientCreateLicence.safeParse({ ...step, region: 'usa', eu_subject: false }).success).toBe(true);
    const unanswered = ZClientCreateLicence.safeParse({ ...step, region: 'usa' });
    expect(fieldMessages(unanswered.error!.issues)).toEqual({ eu_subject: [{ key: 'eu.answer_required', params: { field: 'field.eu_subject' } }] });
    const yes = ZClientCreateLicence.safeParse({ ...step, region: 'tha', eu_subject: true });
    expect(fieldMessages(yes.error!.issues)).toEqual({ eu_subject: [{ key: 'eu.registration_refused', params: { field: 'field.eu_subject' } }] });
  });
});
