import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZTemporaryRegister, euQuestionApplies } from '@portal/proto';
import { EuQuestion } from '../../../components/EuQuestion';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLanguage, hostLocale } from '../../../lib/locale';
import { renderMessage } from '../../../lib/server-messages';
import { useTemporaryRegister } from '../api';
import { AgreementLinks } from '../../terms';

/**
 * /user_signup_formonly (and the internal variant behind basic auth): an address and the
 * agreement (outside Japan, the EU data-protection question: issue 22); the full-registration link
 * is mailed (spec §4 Registration).
 */
export default function SignupFormPage({ internal = false }: { internal?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  // Issue 22: outside Japan, the EU data-protection question (none chosen at first).
  const euAsked = euQuestionApplies(hostLocale().region);
  const [eu, setEu] = useState<boolean | undefined>(undefined);
  const register = useTemporaryRegister(internal);
  const form = useFormErrors();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    if (euAsked && eu === undefined) return form.setErrors({ eu_subject: [renderMessage(currentLanguage(), 'eu.answer_required')] });
    // A "yes" sends nothing: the refusal is on screen already.
    if (eu === true) return;
    const checked = validate(ZTemporaryRegister, { email: email.trim(), terms_agreed: agreed, ...(euAsked ? { eu_subject: eu } : {}) });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await register.mutateAsync(checked.data);
      navigate(internal ? '/basicauth/user_internal_signup_done' : '/temporalyregisterdone');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">{t(internal ? 'route.internal_signup' : 'route.signup_formonly')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('id.signup_intro')}</Text>
        </div>
        <FormAlert message={form.message} />
        <TextInput label={t('login.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
        {euAsked && <EuQuestion value={eu} onChange={setEu} error={form.error('eu_subject')} />}
        <Checkbox label={t('id.agree_terms_privacy')} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} error={form.error('terms_agreed')} />
        <AgreementLinks />
        <Button type="submit" loading={register.isPending} disabled={!email.trim() || !agreed || eu === true}>{t('id.send_registration_link')}</Button>
        {!internal && <Anchor component={Link} to="/login" size="sm">{t('id.back_to_login')}</Anchor>}
      </Stack>
    </form>
  );
}
