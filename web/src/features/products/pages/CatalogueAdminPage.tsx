import { useState } from 'react';
import { Badge, Button, Group, Modal, MultiSelect, NumberInput, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAMES, REGIONS, TRIAL_DAYS_MAX, type TCatalogueProduct, type TLanguage, type TRegion } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useCatalogue, useUpdateCatalogueProduct } from '../api';

/**
 * Operator: the product catalogue (issue 10 item 1): each product's kind, the regions that offer
 * it, its trial length and its description per language; trial length, regions and descriptions
 * are edited here (PUT /v1/operator/products).
 */
export default function CatalogueAdminPage() {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const { dateTime } = useDateTime();
  const [editing, setEditing] = useState<TCatalogueProduct | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_products')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('catalogue.help')}</Text>
      </div>
      <QueryState query={catalogue} isEmpty={(d) => d.products.length === 0} empty={t('catalogue.empty')}>
        {(data) => (
          <Table.ScrollContainer minWidth={960}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('catalogue.product')}</Table.Th>
                  <Table.Th>{t('catalogue.kind')}</Table.Th>
                  <Table.Th>{t('catalogue.trial_days')}</Table.Th>
                  <Table.Th>{t('catalogue.free_plan')}</Table.Th>
                  <Table.Th>{t('catalogue.regions')}</Table.Th>
                  <Table.Th>{t('catalogue.updated_at')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.products.map((p) => (
                  <Table.Tr key={p.id} data-testid={`catalogue-${p.id}`}>
                    <Table.Td>{PRODUCT_NAMES[p.id]}</Table.Td>
                    <Table.Td>{p.kind === 'unspecified' ? '—' : t(`products.kind_${p.kind}`)}</Table.Td>
                    <Table.Td>{p.trial_days === null ? t('catalogue.no_trial') : t('catalogue.days', { count: p.trial_days })}</Table.Td>
                    <Table.Td>{p.free_plan ? t('catalogue.yes') : t('catalogue.no')}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>{p.regions.map((r) => <Badge key={r} variant="light" size="sm">{t(`catalogue.region_${r}`)}</Badge>)}</Group>
                    </Table.Td>
                    <Table.Td>{dateTime(p.updated_at)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={t('catalogue.edit_named', { product: PRODUCT_NAMES[p.id] })}>{t('catalogue.edit')}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {editing && <EditDialog product={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function EditDialog({ product, onClose }: { product: TCatalogueProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCatalogueProduct();
  const form = useFormErrors();
  const [trialDays, setTrialDays] = useState<number | null>(product.trial_days);
  const [regions, setRegions] = useState<TRegion[]>(product.regions);
  const [descriptions, setDescriptions] = useState<Partial<Record<TLanguage, string>>>(product.descriptions);

  async function save() {
    form.reset();
    try {
      await update.mutateAsync({ id: product.id, trial_days: trialDays, regions, descriptions: Object.fromEntries(LANGUAGES.map((l) => [l, descriptions[l] ?? ''])) });
      toast(t('catalogue.saved', { product: PRODUCT_NAMES[product.id] }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('catalogue.edit_named', { product: PRODUCT_NAMES[product.id] })} size="lg" centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <NumberInput
          label={t('catalogue.trial_days')} description={t('catalogue.trial_days_help', { max: TRIAL_DAYS_MAX })} min={1} max={TRIAL_DAYS_MAX} allowDecimal={false}
          value={trialDays ?? ''} onChange={(v) => setTrialDays(typeof v === 'number' ? v : null)} error={form.error('trial_days')}
        />
        <MultiSelect
          label={t('catalogue.regions')} data={REGIONS.map((r) => ({ value: r, label: t(`catalogue.region_${r}`) }))}
          value={regions} onChange={(v) => setRegions(v as TRegion[])} error={form.error('regions')} comboboxProps={{ withinPortal: true }}
        />
        {LANGUAGES.map((language) => (
          <Textarea
            key={language} label={t('catalogue.description_in', { language: LANGUAGE_NAMES[language] })} autosize minRows={2} maxLength={PRODUCT_DESCRIPTION_MAX}
            value={descriptions[language] ?? ''} onChange={(e) => { const value = e.currentTarget.value; setDescriptions((d) => ({ ...d, [language]: value })); }}
            error={form.error(`descriptions.${language}`)}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void save()} loading={update.isPending}>{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
