import { AccessCode, EU_PROBLEM_MESSAGES, euRegistrationProblem } from '@portal/proto';
import { ServiceError } from './errors.js';
import { createLogger } from './logger.js';

const log = createLogger('EuRule');

/**
 * Issue 22 item 7 (proto eu-rule.ts): the refusal of a registration the EU data-protection
 * question stops: a 40011 on `field`, whose message for "yes" is the refusal itself.
 */
export function euRefusal(problem: 'unanswered' | 'refused', field = 'eu_subject'): ServiceError {
  const ref = EU_PROBLEM_MESSAGES[problem];
  return problem === 'refused'
    ? new ServiceError(AccessCode.FORM_ERROR, ref.key, undefined, { [field]: [ref] })
    : ServiceError.form({ [field]: [ref] });
}

/**
 * Stops a registration of a company in `region` that has not answered the question, or answered
 * yes. A refusal leaves one log line with the region and the form, nothing personal; the caller
 * has written nothing yet.
 */
export function checkEuAnswer(region: string, answer: boolean | undefined, form: string, field = 'eu_subject'): void {
  const problem = euRegistrationProblem(region, answer);
  if (!problem) return;
  if (problem === 'refused') logEuRefusal(region, form);
  throw euRefusal(problem, field);
}

export function logEuRefusal(region: string, form: string): void {
  log.info({ region, form }, 'registration refused: EU data-protection rule');
}
