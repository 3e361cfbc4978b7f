import { z } from 'zod';
import type { TMessageRef } from './envelope.js';

/**
 * Issue 22 item 7, spec §1: "overseas customers cannot use the product if subject to EU
 * data-protection rules". A registration for a company outside Japan (sign-up, the partner's
 * embedded form and wizard, the operator's client create) answers one question, in the host's
 * language: is the company established in the EU/EEA, or does it offer its services to people
 * there (the two ways GDPR art. 3 reaches a company)? "Yes" refuses the registration and keeps
 * nothing of it; no answer is a 40011 on `eu_subject`. Operators mark an existing client as subject
 * to the rule (`eu_restricted`); its product logins, support logins, trials and plan starts are then
 * refused with `eu.restricted`.
 */

/** The question is asked of companies outside Japan (the global shard has no sign-ups: it reads as Japan). */
export const euQuestionApplies = (region: string): boolean => region !== 'jpn' && region !== 'global';

/** The answer's field in every registration payload: true = subject to the rule (refused). */
export const ZEuAnswer = z.boolean().optional();

/** Texts of the question (server messages: the embedded form gets them rendered, the SPA renders them itself). */
export const EU_TEXTS = {
  question: 'eu.question',
  help: 'eu.help',
  yes: 'eu.answer_yes',
  no: 'eu.answer_no',
} as const;

/**
 * Why a registration of a company in `region` with this answer cannot go on: the question is
 * unanswered (a field error), or the answer is yes (the refusal), or null when it may go on.
 */
export function euRegistrationProblem(region: string, answer: boolean | undefined): 'unanswered' | 'refused' | null {
  if (!euQuestionApplies(region)) return null;
  if (answer === undefined) return 'unanswered';
  return answer ? 'refused' : null;
}

/** The field error each problem reports on `eu_subject` (the refusal's is also the form's message). */
export const EU_PROBLEM_MESSAGES: Record<'unanswered' | 'refused', TMessageRef> = {
  unanswered: { key: 'eu.answer_required' },
  refused: { key: 'eu.registration_refused' },
};

/** Operator: mark a client as subject to the rule, or lift the mark (PUT /v1/operator/clients/eu_rule). */
export const EU_RESTRICTED_KEY = 'licence.eu_restricted';
