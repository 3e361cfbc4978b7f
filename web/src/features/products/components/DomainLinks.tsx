import { useState } from 'react';
import { Button, Card, Checkbox, Group, Modal, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAMES, type TClientDomains, type TProductId } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useDomains, useHeldProducts, useLinkDomain, useUnlinkDomain } from '../api';

type TDomain = TClientDomains['domains'][number];

/**
 * Product link (spec §4, §5; issue 10 item 8), for owners: the company's domains and the
 * products linked with each. A domain must exist (the server looks it up in DNS); unlinking
 * removes its entries, and the products the owner keeps stay on the free plan.
 */
export function DomainLinks() {
  const { t } = useTranslation();
  const domains = useDomains();
  const held = useHeldProducts();
  const link = useLinkDomain();
  const form = useFormErrors();
  const { dateTime } = useDateTime();
  const [domain, setDomain] = useState('');
  const [products, setProducts] = useState<TProductId[]>([]);
  const [unlinking, setUnlinking] = useState<TDomain | null>(null);

  async function submit() {
    form.reset();
    try {
      await link.mutateAsync({ domain, products });
      toast(t('domains.linked', { domain: domain.trim().toLowerCase() }), 'success');
      setDomain('');
      setProducts([]);
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">{t('domains.title')}</Title>
        <Text size="sm" c="dimmed">{t('domains.help')}</Text>
        <FormAlert message={form.message} />
        <Group align="flex-start" gap="sm">
          <TextInput label={t('domains.domain')} placeholder="www.example.com" value={domain} onChange={(e) => setDomain(e.currentTarget.value)} error={form.error('domain')} w={260} />
          <MultiSelect
            label={t('domains.products')} w={320} data={(held.data?.products ?? []).map((p) => ({ value: p, label: PRODUCT_NAMES[p] }))}
            value={products} onChange={(v) => setProducts(v as TProductId[])} error={form.error('products')} comboboxProps={{ withinPortal: true }}
          />
          <Button mt={25} onClick={() => void submit()} loading={link.isPending}>{t('domains.link')}</Button>
        </Group>
        <QueryState query={domains} isEmpty={(d) => d.domains.length === 0} empty={t('domains.empty')}>
          {(data) => (
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>{t('domains.domain')}</Table.Th><Table.Th>{t('domains.products')}</Table.Th><Table.Th>{t('domains.verified_at')}</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.domains.map((d) => (
                  <Table.Tr key={d.domain}>
                    <Table.Td>{d.domain}</Table.Td>
                    <Table.Td>{d.products.map((p) => PRODUCT_NAMES[p]).join(', ')}</Table.Td>
                    <Table.Td>{dateTime(d.verified_at)}</Table.Td>
                    <Table.Td><Button size="xs" variant="light" color="red" onClick={() => setUnlinking(d)} aria-label={t('domains.unlink_named', { domain: d.domain })}>{t('domains.unlink')}</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      </Stack>
      {unlinking && <UnlinkDialog domain={unlinking} onClose={() => setUnlinking(null)} />}
    </Card>
  );
}

/** The owner chooses which of the domain's products to keep (on the free plan); the others' licences end. */
function UnlinkDialog({ domain, onClose }: { domain: TDomain; onClose: () => void }) {
  const { t } = useTranslation();
  const unlink = useUnlinkDomain();
  const form = useFormErrors();
  const [keep, setKeep] = useState<TProductId[]>(domain.products);

  async function confirm() {
    form.reset();
    try {
      await unlink.mutateAsync({ domain: domain.domain, keep });
      toast(t('domains.unlinked', { domain: domain.domain }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
      toast(t('domains.unlink_failed'));
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('domains.unlink_named', { domain: domain.domain })} centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <Text size="sm">{t('domains.keep_help')}</Text>
        {domain.products.map((p) => (
          <Checkbox key={p} label={PRODUCT_NAMES[p]} checked={keep.includes(p)}
            onChange={(e) => { const on = e.currentTarget.checked; setKeep((k) => (on ? [...k, p] : k.filter((x) => x !== p))); }} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="red" onClick={() => void confirm()} loading={unlink.isPending}>{t('domains.unlink')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
