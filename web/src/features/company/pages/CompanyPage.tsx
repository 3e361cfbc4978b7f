import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, FileButton, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ZCompanyUpdate, centredSquare, companyLists, locationFirst, validPostalCode, type TCompany, type TCompanyUpdate, type TLogoCrop, type TMessageRef,
} from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { SurveyFields } from '../../../components/SurveyFields';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/locale';
import { renderMessage } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { LogoCropper, useImageFile } from '../components/LogoCropper';
import { useCompany, useUpdateCompany } from '../api';
import { logoProblem } from '../logo';
import { locationLabel } from '../location';


type Draft = Omit<TCompany, 'company_uuid' | 'region' | 'logo_url' | 'logo_crop' | 'locked'>;

function draftOf(c: TCompany): Draft {
  return {
    company_name: c.company_name, phone: c.phone, postal_code: c.postal_code, address: c.address, location: c.location, representative: c.representative,
    corporate_number: c.corporate_number, position: c.position, division: c.division, industry: c.industry, sub_industry: c.sub_industry,
    employees: c.employees, budget: c.budget,
  };
}

/** /company (owner and admin): the company information of spec §3, with the logo cropped to 160×160. */
export default function CompanyPage() {
  const { t } = useTranslation();
  const company = useCompany();
  const updateCompany = useUpdateCompany();
  async function save(data: TCompanyUpdate) {
    const saved = await updateCompany.mutateAsync(data);
    toast(t('company.saved'), 'success');
    return saved;
  }
  return (
    <QueryState query={company} loading={<Skeleton h={480} radius="md" maw={900} />}>
      {(loaded) => <CompanyForm company={loaded} save={save} />}
    </QueryState>
  );
}

/**
 * The company form. `save` sends what the form checked (null: not saved, e.g. a confirmation was
 * declined) and answers the company as saved, the form's new start; a refusal shows in the form.
 * Issue 25, point 5: `particularsOnly` is the operator's edit on the client's behalf: the company's
 * particulars, without the logo and the survey (they stay the client's own).
 */
export function CompanyForm({ company, save, particularsOnly = false }: {
  company: TCompany;
  save: (data: TCompanyUpdate) => Promise<TCompany | null>;
  particularsOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(company));
  const [file, setFile] = useState<File | null>(null);
  const [crop, setCrop] = useState<TLogoCrop | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useFormErrors();
  const image = useImageFile(file);
  const problem = file ? logoProblem(file, image) : null;

  // The crop starts with the whole logo (the largest centred square); it is saved at 160 × 160.
  useEffect(() => {
    if (image && image.width) setCrop(centredSquare(image.width, image.height));
  }, [image]);

  const lists = companyLists(company.region);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const message = (p: TMessageRef) => renderMessage(currentLanguage(), p.key, p.params);

  async function submit() {
    form.reset();
    if (problem) return form.setErrors({ logo: [message(problem)] });
    // Issue 22: the postal code by the region's rule (proto), as the server checks it.
    if (!validPostalCode(company.region, draft.postal_code.trim())) {
      return form.setErrors({ postal_code: [message({ key: lists.domestic ? 'company.postal_code_invalid_jpn' : 'company.postal_code_invalid' })] });
    }
    const logo = file && image && crop ? { content: image.src.replace(/^data:[^,]*,/, ''), crop } : undefined;
    const checked = validate(ZCompanyUpdate, { ...draft, postal_code: draft.postal_code.trim(), logo, remove_logo: removeLogo && !logo });
    if (!checked.ok) return form.setErrors(checked.errors);
    setSaving(true);
    try {
      // The saved information is the form's new start (the hook has read the company again).
      const saved = await save(checked.data);
      if (!saved) return;
      setDraft(draftOf(saved));
      setFile(null);
      setCrop(null);
      setRemoveLogo(false);
    } catch (error) {
      form.fromError(error);
    } finally {
      setSaving(false);
    }
  }

  const shownLogo = removeLogo ? null : company.logo_url;
  const logoError = problem ? message(problem) : form.error('logo') ?? form.error('logo.content');
  const addressInput = <TextInput key="address" label={t('company.address')} value={draft.address} onChange={(e) => set({ address: e.currentTarget.value })} error={form.error('address')} />;
  const postalInput = (
    <TextInput key="postal_code" label={t('company.postal_code')} description={t(lists.domestic ? 'company.postal_code_help_jpn' : 'company.postal_code_help')} inputMode="numeric" maxLength={10}
      autoComplete="postal-code" value={draft.postal_code} onChange={(e) => set({ postal_code: e.currentTarget.value })} error={form.error('postal_code')} />
  );
  const locationInput = <TextInput key="location" label={t(locationLabel(company.region))} value={draft.location} onChange={(e) => set({ location: e.currentTarget.value })} error={form.error('location')} />;
  return (
    <Stack gap="md" maw={900}>
      {!particularsOnly && (
        <div>
          <Title order={2}>{t('route.company')}</Title>
          <Text size="sm" c="dimmed" mt={4}>{t('company.title_help')}</Text>
        </div>
      )}
      {company.locked && (
        <Alert color="orange" variant="light" title={t('company.locked_title')}>{renderMessage(currentLanguage(), 'company.under_review')}</Alert>
      )}
      <FormAlert message={form.message} />
      <fieldset disabled={company.locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {!particularsOnly && <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group gap="lg" align="flex-start" wrap="nowrap">
                <Avatar src={shownLogo} size={80} radius="md" alt={t('company.logo')}>{draft.company_name.slice(0, 1)}</Avatar>
                <Stack gap={6} style={{ flex: 1 }}>
                  <Text size="sm" fw={500}>{t('company.logo')}</Text>
                  <Text size="xs" c="dimmed">{t('company.logo_help')}</Text>
                  <Group gap="xs">
                    <FileButton onChange={(f) => { setFile(f); setRemoveLogo(false); }} accept="image/png,image/jpeg">
                      {(props) => <Button {...props} variant="default" size="xs" disabled={company.locked}>{t('company.logo_choose')}</Button>}
                    </FileButton>
                    {file && <Button variant="subtle" size="xs" onClick={() => setFile(null)}>{t('company.logo_discard')}</Button>}
                    {/* Only a saved logo can be removed; a chosen image is discarded instead. */}
                    {company.logo_url && !file && !removeLogo && (
                      <Button variant="subtle" color="red" size="xs" onClick={() => setRemoveLogo(true)}>{t('company.logo_remove')}</Button>
                    )}
                  </Group>
                  {logoError && <Text size="sm" c="red" role="alert">{logoError}</Text>}
                </Stack>
              </Group>
              {image && crop && !problem && <LogoCropper src={image.src} width={image.width} height={image.height} crop={crop} onChange={setCrop} />}
            </Stack>
          </Card>}
          <Card withBorder radius="md" padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('company.company_name')} required value={draft.company_name} onChange={(e) => set({ company_name: e.currentTarget.value })} error={form.error('company_name')} />
              <TextInput label={t('company.phone')} required value={draft.phone} onChange={(e) => set({ phone: e.currentTarget.value })} error={form.error('phone')} />
              {/* In the region's order: the postal code and the prefecture or province first where addresses run from the largest unit, last elsewhere. */}
              {(locationFirst(company.region) ? [postalInput, locationInput, addressInput] : [addressInput, locationInput, postalInput])}
              <TextInput label={t('company.representative')} value={draft.representative} onChange={(e) => set({ representative: e.currentTarget.value })} error={form.error('representative')} />
              {lists.domestic && (
                <TextInput label={t('company.corporate_number')} description={t('company.corporate_number_help')} inputMode="numeric" maxLength={13}
                  value={draft.corporate_number} onChange={(e) => set({ corporate_number: e.currentTarget.value.trim() })} error={form.error('corporate_number')} />
              )}
            </SimpleGrid>
          </Card>
          {!particularsOnly && <Card withBorder radius="md" padding="lg">
            <Text size="sm" fw={600} mb="xs">{t('company.survey_title')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SurveyFields region={company.region} value={draft} onChange={set} error={form.error} />
            </SimpleGrid>
          </Card>}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={saving} disabled={company.locked}>{t('common.save')}</Button>
          </Group>
        </Stack>
      </fieldset>
    </Stack>
  );
}
