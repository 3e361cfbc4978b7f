import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZMaintenanceWindow, type TLanguage } from '@portal/proto';
import { z } from 'zod';
import { MAINTENANCE_WINDOW_KEY, http } from '../lib/api';
import { StatusPage } from './StatusPage';

type TWindow = z.infer<typeof ZMaintenanceWindow>;

function storedWindow(): TWindow | null {
  try {
    const parsed = ZMaintenanceWindow.safeParse(JSON.parse(sessionStorage.getItem(MAINTENANCE_WINDOW_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function format(iso: string, language: TLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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
  const { t, i18n } = useTranslation();
  const [window_, setWindow] = useState<TWindow | null>(storedWindow);

  useEffect(() => {
    // Read the status directly: the client's 50001 rule would send us here again.
    const controller = new AbortController();
    http.get('maintenance/status', { signal: controller.signal })
      .json<{ result?: { window?: unknown } }>()
      .then((body) => {
        const parsed = ZMaintenanceWindow.safeParse(body.result?.window);
        if (parsed.success) setWindow(parsed.data);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const language = i18n.language as TLanguage;
  return (
    <StatusPage code={<ToolIcon />} title={t('errors.maintenance_title')} text={t('errors.maintenance_text')} action={false}>
      {window_ && (
        <Alert variant="light" mt="sm" w="100%" title={t('errors.maintenance_window')}>
          <Text size="sm">{format(window_.starts_at, language)} – {format(window_.ends_at, language)}</Text>
        </Alert>
      )}
    </StatusPage>
  );
}
