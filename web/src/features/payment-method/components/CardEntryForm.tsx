import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_LIMITS, cardEntrySchema, expiryYearChoices, regionTimeZone } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { clearFlowReturn, setFlowReturn, type FlowReturn } from '../../../lib/flow-return';
import { useFormErrors, validate } from '../../../lib/forms';
import { hostLocale } from '../../../lib/locale';
import { useRegisterCard } from '../api';
import { tokenize } from '../tokenizer';

/** Today's year and month in the region's zone (the expiry rule of spec §5). */
function regionToday(): { year: number; month: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: regionTimeZone(hostLocale().region), year: 'numeric', month: '2-digit' })
    .format(new Date()).split('-').map(Number) as [number, number];
  return { year, month };
}

interface Draft { number: string; holder_name: string; expiry_month: string; expiry_year: string; security_code: string }
const EMPTY: Draft = { number: '', holder_name: '', expiry_month: '', expiry_year: '', security_code: '' };
/** Room for a number typed or pasted in groups ("4111 1111 1111 1111", "4111-1111-1111-1111"): the schema reads its digits. */
const NUMBER_INPUT_MAX = CARD_LIMITS.numberMax * 2;

export interface TokenizerConfig { script_url: string; shop_id: string; gateway: string }

/**
 * The card form (issue 11, slice A; issue 22 item 8), on /paymentmethod_creditcard and inline at the
 * plan application's payment step. The number and the security code go to the gateway's tokeniser
 * only and are entered again for every change (spec §5). The number is taken as typed or pasted,
 * spaces and hyphens included; proto's cardEntrySchema reads its digits before checking the
 * length. A card with a 3-D Secure challenge leaves for the issuer's page and comes back to
 * /paymentmethod_confirm, which returns to `returnTo` when given (the plan application).
 */
export function CardEntryForm({ config, onRegistered, returnTo, actions }: {
  config: TokenizerConfig;
  onRegistered: () => void;
  returnTo?: FlowReturn;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const today = useMemo(regionToday, []);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const register = useRegisterCard();
  const form = useFormErrors();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }));
  const years = expiryYearChoices(today).map((y) => ({ value: String(y), label: String(y) }));

  async function submit() {
    form.reset();
    const checked = validate(cardEntrySchema(today), draft);
    if (!checked.ok) return form.setErrors(checked.errors);
    const card = checked.data;
    setBusy(true);
    try {
      const token = await tokenize(config, { number: card.number, month: card.expiry_month, year: card.expiry_year, code: card.security_code, holder: card.holder_name });
      if (!token.ok) {
        form.setErrors({ number: [t('payment_method.token_failed')] });
        return;
      }
      const result = await register.mutateAsync({
        token: token.token, masked_number: token.maskedNumber, holder_name: card.holder_name, expiry_month: card.expiry_month, expiry_year: card.expiry_year,
      });
      if (result.status === 'challenge' && result.redirect_url) {
        // Where the return page sends the visitor afterwards (nowhere special from the card page itself).
        if (returnTo) setFlowReturn(returnTo);
        else clearFlowReturn();
        // The gateway's RedirectUrl as it came (its `&t=` must not be re-encoded).
        window.location.assign(result.redirect_url);
        return;
      }
      onRegistered();
    } catch (error) {
      form.fromError(error);
      // A token is single-use: any refusal asks for the number and the code again.
      setDraft((d) => ({ ...d, number: '', security_code: '' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      {config.gateway === 'sandbox' && (
        <Alert variant="light" color="gray" title={t('payment_method.sandbox_title')}>{t('payment_method.sandbox_help')}</Alert>
      )}
      <FormAlert message={form.message || form.error('token') || form.error('masked_number') || ''} />
      <Card withBorder radius="md" padding="lg" component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }} autoComplete="off">
        <Stack gap="sm">
          <TextInput label={t('payment_method.card_number')} required inputMode="numeric" autoComplete="cc-number" maxLength={NUMBER_INPUT_MAX}
            description={t('payment_method.card_number_help')} value={draft.number} error={form.error('number')}
            onChange={(e) => set({ number: e.currentTarget.value })} />
          <TextInput label={t('payment_method.holder')} required autoComplete="cc-name" maxLength={CARD_LIMITS.holderMax}
            description={t('payment_method.holder_help')} value={draft.holder_name} error={form.error('holder_name')}
            onChange={(e) => set({ holder_name: e.currentTarget.value })} />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Select label={t('payment_method.expiry_month')} required data={months} value={draft.expiry_month || null} error={form.error('expiry_month')}
              onChange={(v) => set({ expiry_month: v ?? '' })} comboboxProps={{ withinPortal: true }} />
            <Select label={t('payment_method.expiry_year')} required data={years} value={draft.expiry_year || null} error={form.error('expiry_year')}
              onChange={(v) => set({ expiry_year: v ?? '' })} comboboxProps={{ withinPortal: true }} />
            <PasswordInput label={t('payment_method.security_code')} required inputMode="numeric" autoComplete="cc-csc" maxLength={CARD_LIMITS.codeMax}
              value={draft.security_code} error={form.error('security_code')} onChange={(e) => set({ security_code: e.currentTarget.value.trim() })} />
          </SimpleGrid>
          <Group mt="sm">
            <Button type="submit" loading={busy}>{t('payment_method.register_card_submit')}</Button>
            {actions}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
