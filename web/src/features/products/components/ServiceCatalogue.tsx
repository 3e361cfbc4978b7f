import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Modal, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_LIST_MAX, PRODUCT_NAMES, type TServiceItem, type TProductTag } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api';
import { browser } from '../../../lib/browser';
import { useSession } from '../../../lib/use-session';
import { awaitOpenable, useOpenProduct, useServiceList, useStartService } from '../api';
import { ProductMark } from './ProductMark';
import { useAgreementState } from '../../../lib/agreement';
import { PendingAgreementNotice } from '../../terms';

type StartKind = 'trial' | 'free';

/**
 * The services list's catalogue part (spec §2, issue 10): services in use (with the trial's last
 * day, or "trial ended" and the way to a paid plan) and services available, with trial and
 * start-free buttons for owners. Japan gets the newer page with the suggestion tabs; other regions
 * the older page without them. Each tab shows 12 cards (spec §2) and the rest in its "more" view
 * (issue 22: every product the region offers can be reached). Starting asks for the terms
 * agreement; the lists refetch once it succeeded (no reload). A trial the account cannot open
 * from the list above yet (`openable`) gets its own Open button.
 */
export function ServiceCatalogue({ page, openable }: { page: 'new' | 'old'; openable?: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const list = useServiceList(page);
  // A calendar day from the API, written as the reader writes dates (noon UTC is that day in every host zone).
  const { date } = useDateTime();
  const [tab, setTab] = useState<'all' | TProductTag>('all');
  const [starting, setStarting] = useState<{ item: TServiceItem; kind: StartKind } | null>(null);

  return (
    <QueryState query={list} isEmpty={(d) => d.in_use.length + d.available.length === 0} empty={t('services.empty')}>
      {(data) => (
        <Stack gap="lg">
          {data.in_use.some((i) => i.state === 'trial_ended' || i.licence === 'trial') && (
            <Stack gap="sm">
              <Title order={3} size="h4">{t('services.in_use')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {data.in_use.filter((i) => i.state === 'trial_ended' || i.licence === 'trial').map((item) => (
                  <Card key={item.id} padding="lg" data-testid={`service-${item.id}`}>
                    <Group gap="md" wrap="nowrap" align="flex-start">
                      <ProductMark product={item.id} />
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Text fw={600}>{PRODUCT_NAMES[item.id]}</Text>
                        {item.state === 'trial_ended' ? (
                          <>
                            <Badge color="red" variant="light">{t('services.trial_ended')}</Badge>
                            <Anchor component={Link} to="/plan/list" size="sm">{t('services.to_paid_plan')}</Anchor>
                          </>
                        ) : (
                          <>
                            <Badge color="teal" variant="light">{t('services.trial_until', { date: item.trial_ends_on ? date(`${item.trial_ends_on}T12:00:00Z`) : '' })}</Badge>
                            {/* Issue 22: a paid plan applied for during the trial carries it on until the plan starts. */}
                            {item.paid_from && <Text size="sm" c="dimmed">{t('services.paid_from', { product: PRODUCT_NAMES[item.id], date: date(`${item.paid_from}T12:00:00Z`) })}</Text>}
                            {/* Opened from the list above when the account has it there (one button per product). */}
                            {!openable?.has(item.id) && <OpenButton item={item} />}
                          </>
                        )}
                      </Stack>
                    </Group>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          <Stack gap="sm">
            <Title order={3} size="h4">{t('services.available')}</Title>
            {page === 'new' && (
              <Tabs value={tab} onChange={(v) => setTab((v as typeof tab) ?? 'all')}>
                <Tabs.List>
                  <Tabs.Tab value="all">{t('services.tab_all')}</Tabs.Tab>
                  {data.tags.map((tag) => <Tabs.Tab key={tag} value={tag}>{t(`services.tab_${tag}`)}</Tabs.Tab>)}
                </Tabs.List>
              </Tabs>
            )}
            <Available
              key={tab}
              items={data.available.filter((i) => tab === 'all' || i.tags.includes(tab))}
              canStart={data.can_start}
              onStart={(item, kind) => setStarting({ item, kind })}
            />
          </Stack>
          {starting && <StartDialog item={starting.item} kind={starting.kind} onClose={() => setStarting(null)} />}
        </Stack>
      )}
    </QueryState>
  );
}

/** Opens a product on trial (the same SSO as the list above); a refusal shows under the button. */
function OpenButton({ item }: { item: TServiceItem }) {
  const { t } = useTranslation();
  const { principal } = useSession();
  const open = useOpenProduct();
  const [refusal, setRefusal] = useState('');
  async function go() {
    setRefusal('');
    try {
      const issued = await open.mutateAsync({ product: { id: item.id, kind: item.kind, plan: 'free' }, proxy: principal?.proxy ?? false });
      browser.hardNavigate(issued.redirect_url);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.message ? error.message : t('id.sso_failed'));
    }
  }
  return (
    <Stack gap={4}>
      <Button size="xs" onClick={() => void go()} loading={open.isPending} aria-label={t('products.open_named', { product: PRODUCT_NAMES[item.id] })}>{t('products.open')}</Button>
      {refusal && <Alert color="red" variant="light" role="alert" p="xs">{refusal}</Alert>}
    </Stack>
  );
}

/** One tab's services: 12 cards (spec §2), the others behind "more" (a new tab starts folded again: keyed by the tab). */
function Available({ items, canStart, onStart }: { items: TServiceItem[]; canStart: boolean; onStart: (item: TServiceItem, kind: StartKind) => void }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  if (!items.length) return <Text c="dimmed" size="sm">{t('services.none_in_tab')}</Text>;
  const hidden = Math.max(0, items.length - PRODUCT_LIST_MAX);
  const shown = more ? items : items.slice(0, PRODUCT_LIST_MAX);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((item) => (
          <Card key={item.id} padding="lg" data-testid={`service-${item.id}`}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ProductMark product={item.id} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{PRODUCT_NAMES[item.id]}</Text>
                  {item.kind !== 'unspecified' && <Text size="sm" c="dimmed">{t(`products.kind_${item.kind}`)}</Text>}
                </div>
              </Group>
              <Text size="sm">{item.description}</Text>
              {canStart ? (
                <Group gap="xs">
                  {item.trial_days !== null && (
                    <Button size="xs" onClick={() => onStart(item, 'trial')} aria-label={t('services.start_trial_named', { product: PRODUCT_NAMES[item.id], days: item.trial_days })}>
                      {t('services.start_trial', { days: item.trial_days })}
                    </Button>
                  )}
                  {item.free_plan && (
                    <Button size="xs" variant="light" onClick={() => onStart(item, 'free')} aria-label={t('services.start_free_named', { product: PRODUCT_NAMES[item.id] })}>
                      {t('services.start_free')}
                    </Button>
                  )}
                  {item.trial_days === null && !item.free_plan && <Anchor component={Link} to="/plan/list" size="sm">{t('services.to_paid_plan')}</Anchor>}
                </Group>
              ) : (
                <Text size="xs" c="dimmed">{t('services.owner_starts')}</Text>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {hidden > 0 && (
        <Group justify="center">
          <Button variant="light" onClick={() => setMore((m) => !m)} aria-expanded={more}>
            {more ? t('services.show_fewer') : t('services.show_more', { count: hidden })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The confirmation: what starts, and the terms agreement the server requires. */
function StartDialog({ item, kind, onClose }: { item: TServiceItem; kind: StartKind; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartService();
  const queryClient = useQueryClient();
  const form = useFormErrors();
  const { date } = useDateTime();
  const [agreed, setAgreed] = useState(false);
  // Issue 25: the versions agreed to (the server refuses a start without them while a revision is pending).
  const { versions } = useAgreementState();
  const name = PRODUCT_NAMES[item.id];
  const title = useMemo(() => (kind === 'trial' ? t('services.confirm_trial', { product: name, days: item.trial_days }) : t('services.confirm_free', { product: name })), [kind, name, item.trial_days, t]);

  async function submit() {
    form.reset();
    if (!agreed) return form.setErrors({ terms_agreed: [t('services.terms_required')] });
    try {
      const started = await start.mutateAsync({ product: item.id, kind, terms_agreed: true, ...versions });
      toast(started.licence === 'trial' ? t('services.trial_started', { product: name, date: started.trial_ends_on ? date(`${started.trial_ends_on}T12:00:00Z`) : '' }) : t('services.free_started', { product: name }), 'success');
      onClose();
      void awaitOpenable(queryClient, item.id);
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <FormAlert message={form.message} />
        {form.error('product') && <Alert color="red" variant="light" role="alert">{form.error('product')}</Alert>}
        <Text size="sm">{kind === 'trial' ? t('services.trial_explained', { days: item.trial_days }) : t('services.free_explained')}</Text>
        <PendingAgreementNotice />
        <Checkbox label={t('services.agree_terms')} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} error={form.error('terms_agreed')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void submit()} loading={start.isPending}>{t('services.start')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
