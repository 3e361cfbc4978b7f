import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The flow of spec §4: plan, option, contract_basic, payment_info, confirm, complete. */
export const PLAN_STEPS = ['plan', 'option', 'contract', 'payment', 'confirm', 'complete'] as const;
export type TPlanStep = (typeof PLAN_STEPS)[number];

const LABEL: Record<TPlanStep, string> = {
  plan: 'plans.step_plan', option: 'plans.step_option', contract: 'plans.step_contract',
  payment: 'plans.step_payment', confirm: 'plans.step_confirm', complete: 'plans.step_complete',
};

export function PlanSteps({ active }: { active: TPlanStep }) {
  const { t } = useTranslation();
  return (
    <Stepper active={PLAN_STEPS.indexOf(active)} size="xs" allowNextStepsSelect={false} aria-label={t('plans.steps')}>
      {PLAN_STEPS.map((step) => <Stepper.Step key={step} label={t(LABEL[step])} />)}
    </Stepper>
  );
}
