import { notifications } from '@mantine/notifications';

let sequence = 0;

/**
 * Toasts (spec §8): top-center, close after 3 s, newest on top. Mantine orders by priority, then
 * by age (oldest first), so each toast gets a higher priority than the one before.
 */
export function toast(message: string, kind: 'error' | 'info' | 'success' = 'error'): void {
  sequence += 1;
  const color = kind === 'error' ? 'red' : kind === 'success' ? 'teal' : 'indigo';
  notifications.show({ message, color, autoClose: 3000, withBorder: true, priority: sequence });
}
