import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { TBillingInfoView } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { toast } from '../../../lib/toast';
import { useBillingInfo } from '../api';
import { BillingInfoForm } from '../components/BillingInfoForm';

/** /billing_register and /billing_edit (owner and admin): the billing information form of spec §3. */
export default function BillingFormPage() {
  const info = useBillingInfo();
  const editing = useLocation().pathname === '/billing_edit';
  return (
    <QueryState query={info} loading={<Skeleton h={480} radius="md" maw={900} />}>
      {(loaded) => <BillingForm view={loaded} editing={editing} />}
    </QueryState>
  );
}

function BillingForm({ view, editing }: { view: TBillingInfoView; editing: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t(editing ? 'route.billing_edit' : 'route.billing_register')}</Title>
        <Text size="sm" c="dimmed" mt={4}>{t('billing_info.form_help')}</Text>
      </div>
      <BillingInfoForm
        view={view} submitLabel={t(editing ? 'common.save' : 'billing_info.register')}
        onSaved={() => { toast(t('billing_info.saved'), 'success'); void navigate('/billing'); }}
        actions={<Button component={Link} to={editing ? '/billing' : '/billing_beforeregister'} variant="default">{t('common.cancel')}</Button>}
      />
    </Stack>
  );
}
