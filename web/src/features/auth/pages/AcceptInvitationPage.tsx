import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZInviteAccept, type TUnusableLinkState } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { QueryState } from '../../../components/QueryState';
import { UnusableLink, checkedLinkState } from '../../../components/UnusableLink';
import { useFormErrors, validate } from '../../../lib/forms';
import { useAcceptInvitation, useInvitation } from '../api';
import { submitThroughLink } from '../link-session';
import { AgreementLinks } from '../../terms';

/**
 * /invite/{access_token}: an invited person accepts the invitation by setting a password with the
 * agreements (the link is valid 24 hours). A link that cannot be used says why, by the state the
 * server answered: already accepted (log in), expired (ask for a new one), replaced, invalid.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  // The check's refusal says why the link cannot be used; other failures say so with a retry.
  const [ranOut, setRanOut] = useState<TUnusableLinkState | null>(null);
  const form = useFormErrors();
  const unusable = ranOut ?? checkedLinkState(invitation.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZInviteAccept, { access_token: token, password, password_confirm: confirm, privacy_agreed: privacy, terms_agreed: terms });
    if (!checked.ok) return form.setErrors(checked.errors);
    // The invitation may run out, be replaced or be accepted elsewhere while the form is open.
    await submitThroughLink(() => accept.mutateAsync(checked.data), form, setRanOut);
  }

  if (unusable) return <UnusableLink title={t('route.invite')} flow="invitation" state={unusable} />;
  return (
    <QueryState query={invitation} loading={<Loader mx="auto" />}>
      {(info) => (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">{t('route.invite')}</Title>
              <Text c="dimmed" size="sm" mt={4}>{t('id.invite_intro', { company: info.company_name, email: info.email })}</Text>
            </div>
            <FormAlert message={form.message} />
            <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
            <Checkbox label={t('id.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} error={form.error('terms_agreed')} />
            <Checkbox label={t('login.privacy_agreed')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} error={form.error('privacy_agreed')} />
            <AgreementLinks />
            <Button type="submit" loading={accept.isPending}>{t('id.set_password_and_start')}</Button>
          </Stack>
        </form>
      )}
    </QueryState>
  );
}
