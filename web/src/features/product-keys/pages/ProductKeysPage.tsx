import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, CopyButton, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAMES, type TProductKeyCreated } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { useCreateProductKey, useProductKeys } from '../api';

type Product = TProductKeyCreated['product'];

/**
 * Operators' product signing keys (issue 13): one card per product with a usage dashboard, its
 * current key id, when it was made and a rotated-out key still accepted; making a key shows it
 * once. Cards, not a table, so the page never scrolls sideways at phone width.
 */
export default function ProductKeysPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const list = useProductKeys();
  const create = useCreateProductKey();
  const form = useFormErrors();
  const [confirming, setConfirming] = useState<{ product: Product; rotate: boolean } | null>(null);
  const [made, setMade] = useState<TProductKeyCreated | null>(null);

  async function make(product: Product) {
    form.reset();
    try {
      setMade(await create.mutateAsync({ product }));
      setConfirming(null);
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_product_keys')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('product_keys.help')}</Text>
      </div>
      <QueryState query={list} isEmpty={(data) => data.products.length === 0} empty={t('product_keys.empty')}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.products.map((p) => (
              <Card key={p.product} withBorder padding="md" data-testid={`product-key-${p.product}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{PRODUCT_NAMES[p.product]}</Text>
                    {p.key_id ? <Badge color="teal" variant="light">{t('product_keys.active')}</Badge> : <Badge color="gray" variant="light">{t('product_keys.none')}</Badge>}
                  </Group>
                  {p.key_id && (
                    <>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{t('product_keys.key_id')}: <Code>{p.key_id}</Code></Text>
                      <Text size="sm" c="dimmed">{t('product_keys.created_at')}: {p.created_at ? format.dateTime(p.created_at) : '—'}</Text>
                    </>
                  )}
                  {p.previous_key_id && p.previous_expires_at && (
                    <Text size="sm" c="orange" style={{ overflowWrap: 'anywhere' }}>{t('product_keys.previous', { id: p.previous_key_id, time: format.dateTime(p.previous_expires_at) })}</Text>
                  )}
                  <Group justify="flex-end" mt={4}>
                    <Button size="xs" variant={p.key_id ? 'light' : 'filled'} onClick={() => { form.reset(); setConfirming({ product: p.product, rotate: Boolean(p.key_id) }); }}>
                      {p.key_id ? t('product_keys.rotate') : t('product_keys.create')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming?.rotate ? t('product_keys.rotate') : t('product_keys.create')}>
        {confirming && (
          <Stack gap="md">
            <FormAlert message={form.message} />
            <Text size="sm">{confirming.rotate ? t('product_keys.rotate_confirm', { product: PRODUCT_NAMES[confirming.product] }) : t('product_keys.create_confirm', { product: PRODUCT_NAMES[confirming.product] })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
              <Button loading={create.isPending} onClick={() => void make(confirming.product)}>{confirming.rotate ? t('product_keys.rotate') : t('product_keys.create')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={made !== null} onClose={() => setMade(null)} title={t('product_keys.made_title')} closeOnClickOutside={false}>
        {made && (
          <Stack gap="md">
            <Alert color="orange" variant="light">{t('product_keys.shown_once')}</Alert>
            <Text size="sm">{PRODUCT_NAMES[made.product]} · <Code>{made.key_id}</Code></Text>
            <Code block data-testid="product-key-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{made.secret}</Code>
            {made.previous_expires_at && <Text size="sm" c="dimmed">{t('product_keys.overlap', { time: format.dateTime(made.previous_expires_at) })}</Text>}
            <Group justify="flex-end">
              <CopyButton value={made.secret}>
                {({ copied, copy }) => <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>{copied ? t('product_keys.copied') : t('product_keys.copy')}</Button>}
              </CopyButton>
              <Button onClick={() => setMade(null)}>{t('product_keys.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
