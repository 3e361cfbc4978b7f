import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The flow of spec §4: plan, option, contract_basic, payment_info, confirm, complete. */
export const PLAN_STEPS = ['plan', 'option', 'contract', 'payment', 'confirm', 'complete'] as const;
export type TPlanStep = (typeof PLAN_STEPS)[number];

const LABEL: Record<TPlanStep, string> = {
  plan: 'plans.step_plan', option: 'plans.step_option', contract: 'plans.step_contract',
  payment: 'plans.step_payment', confirm: 'plans.step_confirm', complete: 'plans.step_complete',
};

/**
 * The steps, the active one highlighted. Issue 22: a step passed over (the payment step when
 * nothing was missing, spec §4 "skipped in one variant") is shown as skipped, in grey with a dash and
 * the word, never with the check mark of a step that was done.
 */
export function PlanSteps({ active, skipped = [] }: { active: TPlanStep; skipped?: readonly TPlanStep[] }) {
  const { t } = useTranslation();
  return (
    <Stepper active={PLAN_STEPS.indexOf(active)} size="xs" allowNextStepsSelect={false} aria-label={t('plans.steps')}>
      {PLAN_STEPS.map((step) => (skipped.includes(step) && PLAN_STEPS.indexOf(step) < PLAN_STEPS.indexOf(active) ? (
        <Stepper.Step key={step} label={t(LABEL[step])} description={t('plans.step_skipped')} color="gray" completedIcon={<span aria-hidden>–</span>}
          data-testid={`plan-step-${step}`} data-skipped />
      ) : <Stepper.Step key={step} label={t(LABEL[step])} data-testid={`plan-step-${step}`} />))}
    </Stepper>
  );
}
