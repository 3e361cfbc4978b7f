import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TPaymentView } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { usePayment, useTokenizer } from '../api';
import { CardEntryForm, type TokenizerConfig } from '../components/CardEntryForm';
import { CardTable } from './PaymentPage';

/**
 * /paymentmethod_creditcard (owner and admin): register or replace the card (the form is
 * CardEntryForm, shared with the plan application's payment step). A card with a 3-D Secure
 * challenge leaves for the issuer's page and comes back to /paymentmethod_confirm.
 */
export default function CreditCardPage() {
  const payment = usePayment();
  const tokenizer = useTokenizer();
  return (
    <QueryState query={payment} loading={<Skeleton h={480} radius="md" maw={900} />}>
      {(view) => (
        <QueryState query={tokenizer} loading={<Skeleton h={480} radius="md" maw={900} />}>
          {(config) => <CardPage view={view} config={config} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function CardPage({ view, config }: { view: TPaymentView; config: TokenizerConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t('route.paymentmethod_creditcard')}</Title>
        <Text size="sm" c="dimmed" mt={4}>{t('payment_method.card_help')}</Text>
      </div>
      {view.card && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Text fw={500}>{t('payment_method.stored_card')}</Text>
            <CardTable card={view.card} />
            <Text size="xs" c="dimmed">{t('payment_method.reenter_help')}</Text>
          </Stack>
        </Card>
      )}
      <CardEntryForm config={config} onRegistered={() => void navigate('/paymentmethod_complete?method=credit_card')}
        actions={<Button component={Link} to="/payment" variant="default">{t('common.cancel')}</Button>} />
    </Stack>
  );
}
