import { VisuallyHidden } from '@mantine/core';
import { Notifications, useNotifications } from '@mantine/notifications';

/**
 * The toasts' container (lib/toast.ts): its own chunk, so Providers imports it lazily.
 *
 * Issue 26: screen readers hear each toast through two live regions that are always in the page
 * (a region inserted together with its text is often not read): errors at once (assertive), the
 * rest when the reader is idle (polite). The toasts themselves are not live regions, so nothing is
 * read twice.
 */
export default function Toasts() {
  const shown = useNotifications().notifications;
  const errors = shown.filter((n) => n.color === 'red');
  const others = shown.filter((n) => n.color !== 'red');
  return (
    <>
      <Notifications position="top-center" autoClose={3000} limit={5} />
      <VisuallyHidden aria-live="assertive" aria-atomic="false" data-testid="toast-live-errors">
        {errors.map((n) => <div key={n.id}>{n.message}</div>)}
      </VisuallyHidden>
      <VisuallyHidden aria-live="polite" aria-atomic="false" data-testid="toast-live">
        {others.map((n) => <div key={n.id}>{n.message}</div>)}
      </VisuallyHidden>
    </>
  );
}
