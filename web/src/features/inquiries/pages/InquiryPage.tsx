import { useState } from 'react';
import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INQUIRY_PURPOSES, INQUIRY_TEXT_MAX, REGION_PROFILES, ZInquiryCreate, productName, type TInquiryPurpose, type TProductId } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { hostLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/use-session';
import { InquirySteps } from '../components/InquirySteps';
import { readInquiryDraft, writeInquiryDraft } from '../draft';
import { PURPOSE_LABEL } from '../labels';

/** /user_inquiry, step 1 of 2: the inquiry, prefilled from the session (company, name, email). */
export default function InquiryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const draft = readInquiryDraft();
  const region = hostLocale().region;
  const products = REGION_PROFILES[region].products as readonly TProductId[];
  const [values, setValues] = useState({
    products: draft?.products ?? [],
    company_name: draft?.company_name ?? '',
    name: draft?.name ?? '',
    email: draft?.email ?? '',
    phone: draft?.phone ?? '',
    purpose: (draft?.purpose ?? '') as TInquiryPurpose | '',
    text: draft?.text ?? '',
  });
  // The session answers after the first render: fill what the user has not typed yet.
  const shown = {
    ...values,
    company_name: values.company_name || (draft ? '' : session.companyName),
    name: values.name || (draft ? '' : session.userName),
    email: values.email || (draft ? '' : session.email),
  };
  const form = useFormErrors();
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...shown, ...patch }));

  function next() {
    form.reset();
    const checked = validate(ZInquiryCreate, { ...shown, purpose: shown.purpose || undefined });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    writeInquiryDraft(checked.data);
    void navigate('/user_inquiryconfirm');
  }

  return (
    <Stack gap="md" maw={760}>
      <div>
        <Title order={2}>{t('route.inquiry')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('inquiries.help')}</Text>
      </div>
      <InquirySteps active={0} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <FormAlert message={form.message} />
          <Select label={t('inquiries.purpose')} required placeholder={t('inquiries.purpose_placeholder')} value={shown.purpose || null}
            onChange={(v) => set({ purpose: (v ?? '') as TInquiryPurpose | '' })} error={form.error('purpose')}
            data={INQUIRY_PURPOSES.map((p) => ({ value: p, label: t(PURPOSE_LABEL[p]) }))} />
          <MultiSelect label={t('inquiries.products')} placeholder={t('inquiries.products_placeholder')} value={shown.products} clearable
            onChange={(v) => set({ products: v as TProductId[] })} error={form.error('products')}
            data={products.map((p) => ({ value: p, label: productName(p) }))} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('inquiries.company_name')} required value={shown.company_name} onChange={(e) => set({ company_name: e.currentTarget.value })} error={form.error('company_name')} />
            <TextInput label={t('inquiries.name')} required value={shown.name} onChange={(e) => set({ name: e.currentTarget.value })} error={form.error('name')} />
            <TextInput label={t('inquiries.email')} required type="email" value={shown.email} onChange={(e) => set({ email: e.currentTarget.value })} error={form.error('email')} />
            <TextInput label={t('inquiries.phone')} type="tel" value={shown.phone} onChange={(e) => set({ phone: e.currentTarget.value })} error={form.error('phone')} />
          </SimpleGrid>
          <div>
            <Textarea label={t('inquiries.text')} required autosize minRows={6} maxRows={16} value={shown.text} onChange={(e) => set({ text: e.currentTarget.value })} error={form.error('text')} />
            <Text size="xs" c={shown.text.length > INQUIRY_TEXT_MAX ? 'red' : 'dimmed'} ta="right">{shown.text.length} / {INQUIRY_TEXT_MAX}</Text>
          </div>
          <Group justify="flex-end">
            <Button onClick={next}>{t('inquiries.to_confirm')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
