import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FormAlert } from './FormAlert';

/**
 * One line of a confirmation: what changes, as it is now and as it will be (null: nothing yet /
 * nothing after). Without `before` the line states what the change sets (a date, an audience).
 */
export interface ChangeLine {
  label: string;
  before?: ReactNode | null;
  after: ReactNode | null;
}

export interface ConfirmChangeProps {
  opened: boolean;
  title: string;
  /** One sentence saying what the confirmation does and to whom. */
  intro?: ReactNode;
  changes: readonly ChangeLine[];
  /** More to show or ask (a per-row table, a reason field), under the changes. */
  children?: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (suspend, reject, replace). */
  danger?: boolean;
  /** The preview is still being read from the server: the changes are not known yet. */
  loading?: boolean;
  /** The write is under way. */
  pending?: boolean;
  /** Why it cannot be confirmed as it stands (the confirm button is disabled). */
  blocked?: string | null;
  /** A refusal of the write, shown in the dialog. */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Issue 25 point 2: the one confirmation before a change of money or of what clients see (a payment
 * method registered on a client's behalf or approved, a CSV import, a plan application allowed or
 * rejected, a client suspended, a notice published). It shows each change as old → new and writes
 * nothing itself: the caller's `onConfirm` does, once the button is pressed. Full screen at phone
 * widths, so that the lines and the buttons stay on screen at 390 px.
 */
export function ConfirmChange(props: ConfirmChangeProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const { opened, title, intro, changes, children, confirmLabel, danger, loading, pending, blocked, error, onConfirm, onClose } = props;
  const none = <Text span size="sm" c="dimmed">{t('confirm_change.none')}</Text>;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" fullScreen={phone}>
      <Stack gap="sm" data-testid="confirm-change">
        {intro && <Text size="sm">{intro}</Text>}
        <FormAlert message={error ?? ''} />
        {loading ? <Group justify="center" p="md"><Loader size="sm" /></Group> : (
          <>
            {changes.length > 0 && (
              <Card withBorder padding="sm">
                <Stack gap="xs">
                  {changes.map((line) => (
                    <div key={line.label} data-testid="change-line">
                      <Text size="xs" c="dimmed">{line.label}</Text>
                      <Group gap={6} wrap="wrap" align="baseline">
                        {line.before !== undefined && (
                          <>
                            <Text span size="sm" c="dimmed" data-testid="change-before" style={{ overflowWrap: 'anywhere' }}>{line.before ?? none}</Text>
                            <Text span size="sm" aria-label={t('confirm_change.becomes')}>→</Text>
                          </>
                        )}
                        <Text span size="sm" fw={600} data-testid="change-after" style={{ overflowWrap: 'anywhere' }}>{line.after ?? none}</Text>
                      </Group>
                    </div>
                  ))}
                </Stack>
              </Card>
            )}
            {children}
            {blocked && <Alert color="red" variant="light">{blocked}</Alert>}
          </>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color={danger ? 'red' : undefined} loading={pending} disabled={loading || Boolean(blocked)} onClick={onConfirm}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
