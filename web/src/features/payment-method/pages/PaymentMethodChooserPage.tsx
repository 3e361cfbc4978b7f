import { useState } from 'react';
import { Button, Card, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TPaymentMethodKind } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { usePayment } from '../api';

/** Where each method is entered: the card here (slice A), bank transfer and direct debit as requests (slice B). */
const METHOD_PAGE: Record<TPaymentMethodKind, string> = {
  credit_card: '/paymentmethod_creditcard', bank_transfer: '/paymentmethod_banktransfer', direct_debit: '/paymentmethod_directdebit',
};

/** /paymentmethod_register: choose the method (card only outside Japan), then enter it. */
export default function PaymentMethodChooserPage() {
  const payment = usePayment();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<TPaymentMethodKind | null>(null);
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.paymentmethod_register')}</Title>
      <QueryState query={payment} loading={<Skeleton h={220} radius="md" />}>
        {(view) => (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Radio.Group label={t('payment_method.choose')} value={choice ?? view.method ?? ''} onChange={(v) => setChoice(v as TPaymentMethodKind)}>
                <Stack gap="sm" mt="xs">
                  {view.available.map((m) => (
                    <Radio key={m} value={m} label={t(`payment_method.method.${m}`)} description={t(`payment_method.method_help.${m}`)} />
                  ))}
                </Stack>
              </Radio.Group>
              <Group>
                <Button disabled={!(choice ?? view.method)} onClick={() => navigate(METHOD_PAGE[(choice ?? view.method)!])}>{t('payment_method.next')}</Button>
                <Button component={Link} to="/payment" variant="default">{t('common.cancel')}</Button>
              </Group>
              {view.available.length > 1 && <Text size="xs" c="dimmed">{t('payment_method.bank_takes_days')}</Text>}
            </Stack>
          </Card>
        )}
      </QueryState>
    </Stack>
  );
}
