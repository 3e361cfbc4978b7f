import { useEffect, useState } from 'react';
import { Alert, Button, Group, NativeSelect, PasswordInput, PinInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, ZProfileUpdate, ZSendCode, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { PasswordFields } from '../../../components/PasswordFields';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { switchLanguage } from '../../../i18n';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useProfile, useSendEmailCode, useUpdateProfile, type TProfile } from '../api';

/** Name and language (spec §2 /profile). The language also switches the portal at once. */
function NameForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ family_name: profile.family_name, given_name: profile.given_name, language: profile.language });
  const updateProfile = useUpdateProfile();
  const form = useFormErrors();
  // The region's languages, plus the saved one if it is from elsewhere.
  const languages = [...new Set<TLanguage>([...currentLocale().languages, profile.language])].filter((l) => (LANGUAGES as readonly string[]).includes(l));

  async function save() {
    form.reset();
    const checked = validate(ZProfileUpdate, { action: 'update', ...draft });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      const saved = await updateProfile.mutateAsync(checked.data);
      await switchLanguage(saved.language);
      toast(t('settings.saved'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Section title={t('profile.name_title')}>
      <FormAlert message={form.message} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PersonNameFields value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} error={form.error} />
      </SimpleGrid>
      <NativeSelect label={t('common.language')} value={draft.language} w={240}
        data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        onChange={(e) => setDraft({ ...draft, language: e.currentTarget.value as TLanguage })} />
      <Group justify="flex-end"><Button onClick={() => void save()} loading={updateProfile.isPending}>{t('common.save')}</Button></Group>
    </Section>
  );
}

/** Password change: the current password first (re-authentication), then the rules of spec §5. */
function PasswordForm() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const updateProfile = useUpdateProfile();
  const form = useFormErrors();

  async function save() {
    form.reset();
    const checked = validate(ZProfileUpdate, { action: 'password', current_password: current, password, password_confirm: confirm });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await updateProfile.mutateAsync(checked.data);
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast(t('profile.password_saved'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Section title={t('profile.password_title')} help={t('profile.password_help')}>
      <FormAlert message={form.message} />
      <PasswordInput label={t('profile.current_password')} autoComplete="current-password" required value={current}
        onChange={(e) => setCurrent(e.currentTarget.value)} error={form.error('current_password')} maw={420} />
      <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }}
        errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
      <Group justify="flex-end"><Button onClick={() => void save()} loading={updateProfile.isPending}>{t('profile.change_password')}</Button></Group>
    </Section>
  );
}

/** Email change: current password + new address → a 6-digit code to it (30 minutes) → confirm. */
function EmailForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  // A change the administrator started is confirmed by its link, not by a code entered here.
  const codePending = profile.pending_email_by === 'profile' ? profile.pending_email : null;
  const [email, setEmail] = useState(codePending ?? '');
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(codePending);
  const [adminPending, setAdminPending] = useState(profile.pending_email_by === 'administrator' ? profile.pending_email : null);
  const sendCode = useSendEmailCode();
  const updateProfile = useUpdateProfile();
  const busy = sendCode.isPending || updateProfile.isPending;
  const form = useFormErrors();
  useEffect(() => setSentTo(codePending), [codePending]);

  async function send() {
    form.reset();
    const checked = validate(ZSendCode, { email: email.trim(), current_password: current });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await sendCode.mutateAsync(checked.data);
      setSentTo(checked.data.email);
      // The newer request replaces the administrator's pending change (its link stops working).
      setAdminPending(null);
      setCode('');
      toast(t('profile.code_sent', { email: checked.data.email }), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  async function confirm() {
    form.reset();
    const checked = validate(ZProfileUpdate, { action: 'email', auth_code: code });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      const saved = await updateProfile.mutateAsync(checked.data);
      setSentTo(null);
      setEmail('');
      setCurrent('');
      toast(t('profile.email_saved', { email: saved.email }), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Section title={t('profile.email_title')} help={t('profile.email_help', { email: profile.email })}>
      <FormAlert message={form.message} />
      {adminPending && !sentTo && (
        <Alert variant="light" color="grape" title={t('profile.admin_pending_title')}>
          <Text size="sm">{t('profile.admin_pending_text', { email: adminPending })}</Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('profile.new_email')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={form.error('email')} />
        <PasswordInput label={t('profile.current_password')} autoComplete="current-password" required value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)} error={form.error('current_password')} />
      </SimpleGrid>
      <Group justify="flex-end"><Button variant={sentTo ? 'default' : 'filled'} onClick={() => void send()} loading={busy && !sentTo}>{sentTo ? t('profile.resend_code') : t('profile.send_code')}</Button></Group>
      {sentTo && (
        <Alert variant="light" title={t('profile.code_title')}>
          <Stack gap="sm">
            <Text size="sm">{t('profile.code_help', { email: sentTo })}</Text>
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label={t('profile.code')} error={Boolean(form.error('auth_code'))} />
            {form.error('auth_code') && <Text size="sm" c="red">{form.error('auth_code')}</Text>}
            <Group><Button onClick={() => void confirm()} loading={busy} disabled={code.length !== 6}>{t('profile.confirm_email')}</Button></Group>
          </Stack>
        </Alert>
      )}
    </Section>
  );
}

/** The three profile forms, once the profile is loaded; a saved profile is read again (the hooks invalidate it). */
export function ProfileForms() {
  const profile = useProfile();
  return (
    <QueryState query={profile}>
      {(loaded) => (
        <>
          <NameForm key={`${loaded.family_name}|${loaded.given_name}|${loaded.language}`} profile={loaded} />
          <EmailForm profile={loaded} />
          <PasswordForm />
        </>
      )}
    </QueryState>
  );
}
