import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SESSION_ROUTES, ZMaintenanceWindow } from '@portal/proto';
import type { z } from 'zod';
import { StatusPage } from '../../components/StatusPage';
import { MAINTENANCE_WINDOW_KEY } from '../../lib/api';
import { routeKey } from '../../lib/api-client';
import { useDateTime } from '../../lib/datetime';
import { readMaintenanceStatus } from '../../lib/maintenance';

type TWindow = z.infer<typeof ZMaintenanceWindow>;

function storedWindow(): TWindow | null {
  try {
    const parsed = ZMaintenanceWindow.safeParse(JSON.parse(sessionStorage.getItem(MAINTENANCE_WINDOW_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function ToolIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z" />
    </svg>
  );
}

/** Spec §8: service is down for a few hours; shows the planned window when known. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const format = useDateTime();
  // The current window when the server gives one, else the one known when the redirect happened.
  // A failed read shows no error: this page already says the service is down.
  const status = useQuery({
    queryKey: routeKey(SESSION_ROUTES.maintenanceStatus, {}),
    queryFn: ({ signal }) => readMaintenanceStatus(signal),
    retry: false,
  });
  const window_ = status.data?.window ?? storedWindow();

  return (
    <StatusPage code={<ToolIcon />} title={t('errors.maintenance_title')} text={t('errors.maintenance_text')} action={false}>
      {window_ && (
        <Alert variant="light" mt="sm" w="100%" title={t('errors.maintenance_window')}>
          <Text size="sm">{format.dateTime(window_.starts_at)} – {format.dateTime(window_.ends_at)}</Text>
        </Alert>
      )}
    </StatusPage>
  );
}
