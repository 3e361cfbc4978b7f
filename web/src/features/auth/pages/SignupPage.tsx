import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Avatar, Button, Checkbox, FileButton, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZSignupRegister, surveyProblems, type TSignupInfo, type TSurveyAnswers, type TUnusableLinkState } from '@portal/proto';
import { EuQuestion } from '../../../components/EuQuestion';
import { SurveyFields } from '../../../components/SurveyFields';
import { currentLanguage } from '../../../lib/locale';
import { renderMessage } from '../../../lib/server-messages';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { QueryState } from '../../../components/QueryState';
import { UnusableLink, checkedLinkState } from '../../../components/UnusableLink';
import { useFormErrors, validate } from '../../../lib/forms';
import { useRegister, useSignupLink } from '../api';
import { submitThroughLink } from '../link-session';
import { AgreementLinks } from '../../terms';

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** /signup/{access_token}/{register_from_mail}: full registration (spec §2 signup form). */
export default function SignupPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const link = useSignupLink(token);
  const register = useRegister();
  const [values, setValues] = useState({ company_name: '', phone: '', family_name: '', given_name: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [logo, setLogo] = useState<string | undefined>();
  // Issue 22: the registration survey (spec §3 Client), every question required; and the EU
  // data-protection question when the sign-up did not answer it (the link says so).
  const [survey, setSurvey] = useState<TSurveyAnswers>({ position: null, division: null, industry: null, sub_industry: null, employees: null, budget: null });
  const [eu, setEu] = useState<boolean | undefined>(undefined);
  const form = useFormErrors();
  const [ranOut, setRanOut] = useState<TUnusableLinkState | null>(null);

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

  async function submit(event: FormEvent, info: TSignupInfo) {
    event.preventDefault();
    form.reset();
    // A "yes" sends nothing: the refusal is on screen already.
    if (info.eu_question && eu === true) return;
    const checked = validate(ZSignupRegister, {
      access_token: token, ...values, password, password_confirm: confirm, terms_agreed: terms, privacy_agreed: privacy, logo, ...survey,
      ...(info.eu_question ? { eu_subject: eu } : {}),
    });
    const language = currentLanguage();
    const unanswered = {
      ...Object.fromEntries(Object.entries(surveyProblems(info.region, survey, true)).map(([field, refs]) => [field, refs.map((r) => renderMessage(language, r.key, r.params))])),
      ...(info.eu_question && eu === undefined ? { eu_subject: [renderMessage(language, 'eu.answer_required')] } : {}),
    };
    if (!checked.ok || Object.keys(unanswered).length) return form.setErrors({ ...(checked.ok ? {} : checked.errors), ...unanswered });
    // The link may be used, replaced or run out while the form is open: then say so instead of the form.
    await submitThroughLink(() => register.mutateAsync(checked.data), form, setRanOut);
  }

  // A used link says the company is registered (log in); expired or unknown offers to register
  // again; other failures offer a retry.
  const unusable = ranOut ?? checkedLinkState(link.error);
  if (unusable) return <UnusableLink title={t('route.signup')} flow="signup" state={unusable} />;
  return (
    <QueryState query={link} loading={<Loader mx="auto" />}>
      {(info) => (
        <form onSubmit={(e) => void submit(e, info)} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">{t('route.signup')}</Title>
              <Text c="dimmed" size="sm" mt={4}>{info.email}</Text>
            </div>
            <FormAlert message={form.message} />
            <TextInput label={t('id.company_name')} required value={values.company_name} onChange={set('company_name')} error={form.error('company_name')} autoComplete="organization" />
            <TextInput label={t('id.phone')} required value={values.phone} onChange={set('phone')} error={form.error('phone')} autoComplete="tel" inputMode="tel" />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <PersonNameFields region={info.region} value={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} error={form.error} />
            </SimpleGrid>
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
            <div>
              <Text size="sm" fw={600}>{t('company.survey_title')}</Text>
              <Text size="xs" c="dimmed">{t('id.survey_help')}</Text>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <SurveyFields region={info.region} value={survey} onChange={(patch) => setSurvey((v) => ({ ...v, ...patch }))} error={form.error} required />
            </SimpleGrid>
            {info.eu_question && <EuQuestion value={eu} onChange={setEu} error={form.error('eu_subject')} />}
            <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
            <Checkbox label={t('id.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} error={form.error('terms_agreed')} />
            <Checkbox label={t('login.privacy_agreed')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} error={form.error('privacy_agreed')} />
            <AgreementLinks />
            <Button type="submit" size="md" loading={register.isPending} disabled={info.eu_question && eu === true}>{t('id.start_using')}</Button>
          </Stack>
        </form>
      )}
    </QueryState>
  );
}
