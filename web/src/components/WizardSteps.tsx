import { Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The back-office wizards' step bar (create client, create partner): labelled steps across, stacked
 * at phone width (four or five labels do not fit across 390 px); only a step already done can be
 * clicked, to go back to it.
 */
export function WizardSteps({ labels, index, onStep }: { labels: readonly string[]; index: number; onStep: (index: number) => void }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Stepper active={index} size="sm" orientation={phone ? 'vertical' : 'horizontal'} allowNextStepsSelect={false} onStepClick={(i) => i < index && onStep(i)}>
      {labels.map((label) => <Stepper.Step key={label} label={label} />)}
    </Stepper>
  );
}
