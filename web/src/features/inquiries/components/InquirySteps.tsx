import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The inquiry's two steps, then done (spec §5: input and confirm). */
export function InquirySteps({ active }: { active: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false}>
      <Stepper.Step label={t('inquiries.step_input')} />
      <Stepper.Step label={t('inquiries.step_confirm')} />
      <Stepper.Completed>{null}</Stepper.Completed>
    </Stepper>
  );
}
