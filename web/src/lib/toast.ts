import { notifications } from '@mantine/notifications';

/** Spec §9 "Toast 3 s (delay 500 ms)": shown 500 ms after the event, closed 3 s after it shows. */
export const TOAST_DELAY_MS = 500;
export const TOAST_DURATION_MS = 3000;

let sequence = 0;
/** Toasts asked for and not shown yet. */
const pending = new Set<ReturnType<typeof setTimeout>>();

/**
 * Toasts (spec §8, §9): top-centre (the <Notifications> of Providers), shown after a 500 ms
 * delay, closed after 3 s, newest on top. Mantine orders by priority, then by age (oldest first),
 * so each toast gets a higher priority than the one before, counted when it is asked for.
 */
export function toast(message: string, kind: 'error' | 'info' | 'success' = 'error'): void {
  sequence += 1;
  const priority = sequence;
  const color = kind === 'error' ? 'red' : kind === 'success' ? 'teal' : 'indigo';
  const timer = setTimeout(() => {
    pending.delete(timer);
    // Read out in the container's live region (app/components/Toasts.tsx): an error at once (issue 26).
    notifications.show({ message, color, autoClose: TOAST_DURATION_MS, withBorder: true, priority, role: kind === 'error' ? 'alert' : 'status' });
  }, TOAST_DELAY_MS);
  pending.add(timer);
}

/** Tests only: toasts asked for by one test do not appear in the next. */
export function dropPendingToastsForTests(): void {
  for (const timer of pending) clearTimeout(timer);
  pending.clear();
  sequence = 0;
}
