import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Avatar, Button, Checkbox, FileButton, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignupRegister } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { PasswordFields } from '../../components/PasswordFields';
import { apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { useFormErrors, validate } from '../../lib/forms';
import { announceLogin } from '../../lib/session-events';

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** /signup/{access_token}/{register_from_mail}: full registration (spec §2 signup form). */
export default function SignupPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const [info, setInfo] = useState<{ email: string; name_order: string } | null | false>(null);
  const [values, setValues] = useState({ company_name: '', phone: '', family_name: '', given_name: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [logo, setLogo] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  useEffect(() => {
    apiRequest('get', '/signup', { payload: { access_token: token } })
      .then((r) => setInfo({ email: String(r.email), name_order: String(r.name_order) }), () => setInfo(false));
  }, [token]);

  const set = (field: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => {
    // Read the value now: the event's currentTarget is gone when the updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  function pickLogo(file: File | null) {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type) || file.size > LOGO_MAX_BYTES) {
      form.setErrors({ logo: [t('id.logo_rules')] });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZSignupRegister, { access_token: token, ...values, password, password_confirm: confirm, terms_agreed: terms, privacy_agreed: privacy, logo });
    if (!checked.ok) return form.setErrors(checked.errors);
    setBusy(true);
    try {
      await apiRequest('post', '/client/register', { quiet: true, payload: checked.data });
      announceLogin();
      browser.hardNavigate('/product');
    } catch (error) {
      form.fromError(error);
      setBusy(false);
    }
  }

  if (info === null) return <Loader mx="auto" />;
  if (info === false) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">{t('route.signup')}</Title>
        <FormAlert message={t('id.link_expired')} />
        <Anchor component={Link} to="/user_signup_formonly" size="sm">{t('id.request_again')}</Anchor>
      </Stack>
    );
  }
  const family = <TextInput key="family" label={t('id.family_name')} required value={values.family_name} onChange={set('family_name')} error={form.error('family_name')} autoComplete="family-name" />;
  const given = <TextInput key="given" label={t('id.given_name')} required value={values.given_name} onChange={set('given_name')} error={form.error('given_name')} autoComplete="given-name" />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">{t('route.signup')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{info.email}</Text>
        </div>
        <FormAlert message={form.message} />
        <TextInput label={t('id.company_name')} required value={values.company_name} onChange={set('company_name')} error={form.error('company_name')} autoComplete="organization" />
        <TextInput label={t('id.phone')} required value={values.phone} onChange={set('phone')} error={form.error('phone')} autoComplete="tel" inputMode="tel" />
        <SimpleGrid cols={2}>{info.name_order === 'family_first' ? [family, given] : [given, family]}</SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('id.logo')}</Text>
          <Group>
            <Avatar src={logo} size={56} radius="md">{values.company_name.slice(0, 1)}</Avatar>
            <FileButton onChange={pickLogo} accept="image/png,image/jpeg">
              {(props) => <Button variant="default" size="xs" {...props}>{t('id.choose_logo')}</Button>}
            </FileButton>
          </Group>
          <Text size="xs" c={form.error('logo') ? 'red' : 'dimmed'}>{form.error('logo') ?? t('id.logo_rules')}</Text>
        </Stack>
        <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
        <Checkbox label={t('id.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} error={form.error('terms_agreed')} />
        <Checkbox label={t('login.privacy_agreed')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} error={form.error('privacy_agreed')} />
        <Button type="submit" size="md" loading={busy}>{t('id.start_using')}</Button>
      </Stack>
    </form>
  );
}
