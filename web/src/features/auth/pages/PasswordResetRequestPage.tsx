import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPasswordResetRequest } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { useRequestPasswordReset } from '../api';

/** /password_reset: ask for a reset link (the answer is the same whether the address is known). */
export default function PasswordResetRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const requestReset = useRequestPasswordReset();
  const form = useFormErrors();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZPasswordResetRequest, { email: email.trim() });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await requestReset.mutateAsync(checked.data);
      setSent(true);
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">{t('route.password_reset_request')}</Title>
        {sent ? (
          <FormAlert color="teal" message={t('id.reset_sent')} />
        ) : (
          <>
            <Text c="dimmed" size="sm">{t('id.reset_intro')}</Text>
            <FormAlert message={form.message} />
            <TextInput label={t('login.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
            <Button type="submit" loading={requestReset.isPending} disabled={!email.trim()}>{t('id.send_link')}</Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">{t('id.back_to_login')}</Anchor>
      </Stack>
    </form>
  );
}
