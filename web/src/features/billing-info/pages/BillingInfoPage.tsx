import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { TBillingInfoView } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useBillingInfo } from '../api';

/** /billing (owner and admin): the registered billing information; unregistered goes to /billing_beforeregister. */
export default function BillingInfoPage() {
  const info = useBillingInfo();
  return (
    <QueryState query={info} loading={<Skeleton h={360} radius="md" maw={900} />}>
      {(loaded) => (loaded.registered && loaded.billing_info ? <BillingInfoView view={loaded} /> : <Navigate to="/billing_beforeregister" replace />)}
    </QueryState>
  );
}

function BillingInfoView({ view }: { view: TBillingInfoView }) {
  const { t } = useTranslation();
  const info = view.billing_info!;
  const rows: [string, string, string?][] = [
    [t('billing_info.company_name'), info.company_name, view.kana ? info.company_kana : undefined],
    [t('billing_info.division'), info.division, view.kana ? info.division_kana : undefined],
    [t('billing_info.phone'), info.phone],
    [t('billing_info.address'), info.address, view.kana ? info.address_kana : undefined],
    [t('billing_info.email'), info.email],
  ];
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t('route.billing')}</Title>
        <Text size="sm" c="dimmed" mt={4}>{t('billing_info.help')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Table variant="vertical" layout="fixed" withRowBorders>
          <Table.Tbody>
            {rows.map(([label, value, kana]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 120, sm: 220 }}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{value || t('billing_info.none')}</Text>
                  {kana !== undefined && kana !== '' && <Text size="xs" c="dimmed">{kana}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Group>
        <Button component={Link} to="/billing_edit">{t('billing_info.edit')}</Button>
        <Button component={Link} to="/payment" variant="default">{t('billing_info.to_payment')}</Button>
      </Group>
    </Stack>
  );
}
