import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { clearFlowReturn, flowReturn } from '../../../lib/flow-return';
import { useFormErrors } from '../../../lib/forms';
import { useCompleteSecure } from '../api';

/**
 * /paymentmethod_confirm: the 3-D Secure return URL. It hands the gateway's answer (the query's
 * parameters besides `order`) to POST /v1/gmo_secure_tran once, then shows the card registered, or
 * (issue 22) goes back to the flow that sent the visitor (the plan application's payment step).
 * A failed authentication says so (the server's words) and offers to try again there.
 */
export default function PaymentMethodConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const complete = useCompleteSecure();
  const form = useFormErrors();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const order = params.get('order');
  const back = flowReturn();

  useEffect(() => {
    if (!order || started.current) return;
    started.current = true;
    const callback = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'order'));
    complete.mutateAsync({ order_id: order, callback })
      .then(() => {
        clearFlowReturn();
        void navigate(back ? back.path : '/paymentmethod_complete?method=credit_card', { replace: true });
      })
      .catch((error: unknown) => { form.fromError(error); setFailed(true); });
  }, [order]);

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.paymentmethod_confirm')}</Title>
      <Card withBorder radius="md" padding="lg">
        {!order || failed ? (
          <Stack gap="sm">
            <Alert color="red" variant="light" role="alert">{form.message || form.error('order_id') || t('payment_method.confirm_nothing')}</Alert>
            <Group>
              <Button component={Link} to={back ? back.path : '/paymentmethod_creditcard'}>{t('payment_method.try_again')}</Button>
              {!back && <Button component={Link} to="/payment" variant="default">{t('payment_method.to_payment')}</Button>}
            </Group>
          </Stack>
        ) : (
          <Group gap="sm"><Loader size="sm" /><Text>{t('payment_method.confirming_card')}</Text></Group>
        )}
      </Card>
    </Stack>
  );
}
