import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { TLanguage } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { renderMessage } from '../../../lib/server-messages';
import { useModifyCheck } from '../api';

/**
 * The plan-change pages' gate (issue 22, "clear refusals, before the work"): before any step of
 * the flow is shown, the server's check (GET /plan/modify_check) decides. A client under review
 * goes to /plan/underreview (where it may withdraw the application), a rejected client to
 * /plan/rejected, and an account that may not change plans (users, and admins: only the owner
 * confirms) sees the same explanation a user sees, instead of walking the wizard into a 404.
 */
export default function PlanFlowGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const check = useModifyCheck();
  return (
    <QueryState query={check}>
      {(c) => {
        if (c.reason === 'under_review') return <Navigate to="/plan/underreview" replace />;
        if (c.reason === 'rejected') return <Navigate to="/plan/rejected" replace />;
        if (c.reason === 'user_level') {
          return (
            <Stack gap="md" maw={900}>
              <Title order={2}>{t('route.plan_update')}</Title>
              <Card withBorder radius="md" padding="lg">
                <Stack gap="sm">
                  <Alert color="gray" variant="light">{renderMessage(i18n.language as TLanguage, 'plan.user_level')}</Alert>
                  <Group><Button component={Link} to="/plan/list">{t('plans.to_contracts')}</Button></Group>
                </Stack>
              </Card>
            </Stack>
          );
        }
        return children;
      }}
    </QueryState>
  );
}
