import { Notifications } from '@mantine/notifications';

/** The toasts' container (lib/toast.ts): its own chunk, so Providers imports it lazily. */
export default function Toasts() {
  return <Notifications position="top-center" autoClose={3000} limit={5} />;
}
