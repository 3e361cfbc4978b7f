import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { areaOf, type TEmbedForm } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { currentPrincipal } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useEmbedForms, useOwnEmbedForm, usePartnerEmbedForm, useUpdateEmbedForm } from '../api';

/**
 * /operator/embed_code (spec §2 "client registration form embed code (copy)"): a partner registers
 * the origins of the pages it places the form on and copies the code; the operator reads any
 * partner's code. The copy button says so when the browser refuses (spec §8).
 */
export default function EmbedCodePage() {
  const { t } = useTranslation();
  const principal = currentPrincipal();
  const operator = principal ? areaOf(principal) === 'operator' : false;
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_embed_code')}</Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>{t(operator ? 'client_registration.embed_help_operator' : 'client_registration.embed_help')}</Text>
      </div>
      {operator ? <OperatorEmbedCode /> : <PartnerEmbedCode />}
    </Stack>
  );
}

function PartnerEmbedCode() {
  const { t } = useTranslation();
  const form = useOwnEmbedForm(true);
  return (
    <QueryState query={form}>
      {(data) => (
        <Stack gap="md">
          {!data.client_registration && <Alert color="yellow" role="status">{t('client_registration.embed_registration_off')}</Alert>}
          <Card withBorder radius="md" padding="lg"><OriginsForm current={data.origins} /></Card>
          <Card withBorder radius="md" padding="lg"><Snippet form={data} /></Card>
          {!data.snippet && <Text c="dimmed" size="sm">{t('client_registration.embed_no_origins')}</Text>}
        </Stack>
      )}
    </QueryState>
  );
}

function OriginsForm({ current }: { current: string[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState(current.join('\n'));
  const save = useUpdateEmbedForm();
  const errors = useFormErrors();
  async function submit() {
    errors.reset();
    const origins = text.split('\n').map((l) => l.trim()).filter(Boolean);
    try {
      await save.mutateAsync({ origins });
      toast(t('client_registration.embed_saved'), 'success');
    } catch (error) {
      errors.fromError(error);
    }
  }
  const lineErrors = Object.entries(errors.errors).filter(([k]) => k.startsWith('origins'))
    .map(([k, m]) => (/^origins\.\d+$/.test(k) ? t('client_registration.embed_line_error', { line: Number(k.split('.')[1]) + 1, message: m.join(' ') }) : m.join(' ')));
  return (
    <Stack gap="sm">
      <FormAlert message={errors.message} />
      <Textarea label={t('client_registration.embed_origins')} description={t('client_registration.embed_origins_hint')} autosize minRows={3}
        placeholder="https://www.example.com" value={text} error={lineErrors.length ? lineErrors.join('\n') : undefined}
        onChange={(e) => setText(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={() => void submit()}>{t('client_registration.embed_save')}</Button>
      </Group>
    </Stack>
  );
}

function OperatorEmbedCode() {
  const { t } = useTranslation();
  const forms = useEmbedForms(true);
  const [partner, setPartner] = useState<string | null>(null);
  const one = usePartnerEmbedForm(partner);
  return (
    <QueryState query={forms} isEmpty={(d) => d.forms.length === 0} empty={t('client_registration.embed_no_partners')}>
      {(d) => (
        <Stack gap="md">
          <Select label={t('client_registration.embed_partner')} searchable value={partner} onChange={setPartner} maw={480}
            data={d.forms.map((f) => ({ value: f.partner_uuid, label: f.partner_name }))} nothingFoundMessage={t('client_registration.embed_no_partners')} />
          {partner && (
            <QueryState query={one}>
              {(form) => (
                <Card withBorder radius="md" padding="lg">
                  <Stack gap="sm">
                    <Text size="sm" fw={600}>{t('client_registration.embed_origins')}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{form.origins.length ? form.origins.join(', ') : t('client_registration.embed_no_origins')}</Text>
                    <Snippet form={form} />
                  </Stack>
                </Card>
              )}
            </QueryState>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** The code to paste, with a copy button; when the browser refuses the clipboard, the spec's message. */
function Snippet({ form }: { form: TEmbedForm }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!form.snippet) return null;
  const snippet = form.snippet;
  async function copy() {
    setFailed(false);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(snippet);
      toast(t('client_registration.embed_copied'), 'success');
    } catch {
      setFailed(true);
    }
  }
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>{t('client_registration.embed_code')}</Text>
      <Code block data-testid="embed-snippet" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{snippet}</Code>
      <FormAlert message={failed ? t('client_registration.embed_copy_failed') : ''} />
      <Group justify="flex-end">
        <Button variant="light" onClick={() => void copy()}>{t('client_registration.embed_copy')}</Button>
      </Group>
    </Stack>
  );
}
