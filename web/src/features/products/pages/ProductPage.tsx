import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DASHBOARD_PRODUCT_IDS, PRODUCT_LIST_MAX, PRODUCT_NAMES, type TProductListItem } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api';
import { browser } from '../../../lib/browser';
import { hostLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/use-session';
import { ProductMark } from '../components/ProductMark';
import { ServiceCatalogue } from '../components/ServiceCatalogue';
import { DomainLinks } from '../components/DomainLinks';
import { useOpenProduct, useProductList } from '../api';

/**
 * /product (spec §2): the services the account may open, at most 12. "Open" asks for a single-use
 * product token (sso_login; during a support login proxy_login, or free_proxy_login for a product
 * on its free licence) and goes to the product's login URL. A refusal (40400: the product refuses
 * support logins; 40405: duplicate account) shows the server's message on the product's card.
 * Below it, the catalogue (issue 10): trials, free plans and the services the company can start.
 */
export default function ProductPage() {
  const { t } = useTranslation();
  const { principal } = useSession();
  const proxy = principal?.proxy ?? false;
  const list = useProductList();
  const openProduct = useOpenProduct();
  const [opening, setOpening] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});

  async function open(product: TProductListItem) {
    setOpening(product.id);
    setRefusals(({ [product.id]: _, ...rest }) => rest);
    try {
      const issued = await openProduct.mutateAsync({ product, proxy });
      browser.hardNavigate(issued.redirect_url);
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : t('id.sso_failed');
      setRefusals((r) => ({ ...r, [product.id]: message }));
      setOpening(null);
    }
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.product')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t(proxy ? 'products.help_support' : 'products.help', { max: PRODUCT_LIST_MAX })}</Text>
      </div>
      <QueryState query={list} isEmpty={(data) => data.products.length === 0} empty={t(principal?.level === 3 && !proxy ? 'products.empty_owner' : 'products.empty')}>
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data.products.map((product) => (
                <Card key={product.id} padding="lg" data-testid={`product-${product.id}`}>
                  <Stack gap="sm" h="100%" justify="space-between">
                    <Group gap="md" wrap="nowrap" align="flex-start">
                      <ProductMark product={product.id} />
                      <div style={{ minWidth: 0 }}>
                        <Title order={3} size="h4">{PRODUCT_NAMES[product.id]}</Title>
                        {product.kind !== 'unspecified' && <Text size="sm" c="dimmed">{t(`products.kind_${product.kind}`)}</Text>}
                      </div>
                    </Group>
                    {refusals[product.id] && <Alert color="red" variant="light" role="alert" p="xs">{refusals[product.id]}</Alert>}
                    <Group justify="space-between" align="center">
                      <Badge variant="light" color={product.plan === 'paid' ? 'brand' : product.plan === 'trial' ? 'teal' : 'gray'}>{t(`products.plan_${product.plan}`)}</Badge>
                      {/* Issue 13, slice B: the product's usage dashboard. */}
                      {(DASHBOARD_PRODUCT_IDS as readonly string[]).includes(product.id) && (
                        <Button component={Link} to={`/logs/${product.id}`} variant="subtle" size="compact-sm" ml="auto"
                          aria-label={t('usage.title', { product: PRODUCT_NAMES[product.id] })}>
                          {t('usage.dashboard_link')}
                        </Button>
                      )}
                      <Button
                        onClick={() => void open(product)}
                        loading={opening === product.id}
                        disabled={opening !== null && opening !== product.id}
                        aria-label={t('products.open_named', { product: PRODUCT_NAMES[product.id] })}
                      >
                        {t('products.open')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            {data.total > data.products.length && (
              <Text size="sm" c="dimmed">{t('products.shown_of', { shown: data.products.length, total: data.total })}</Text>
            )}
          </>
        )}
      </QueryState>
      {/* Issue 10: trials, free plans and the services the company can start (Japan: the newer page). */}
      <ServiceCatalogue page={hostLocale().region === 'jpn' ? 'new' : 'old'} openable={new Set(list.data?.products.map((p) => p.id) ?? [])} />
      {principal?.level === 3 && !proxy && <DomainLinks />}
    </Stack>
  );
}
