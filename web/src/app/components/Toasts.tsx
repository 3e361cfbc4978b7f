import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container (lib/toast.ts): its own chunk, so Providers imports it lazily.
 *
 * Issue 26: each position's container is a live region that is in the page before any toast
 * (a region inserted together with its text is often not read), so screen readers hear each toast
 * once it shows; an error toast is an alert (read at once), the others a status (lib/toast.ts).
 */
export default function Toasts() {
  return <Notifications position="top-center" autoClose={3000} limit={5} aria-live="polite" aria-relevant="additions text" />;
}
