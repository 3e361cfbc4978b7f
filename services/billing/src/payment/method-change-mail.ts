import {
  INTERNAL_ROUTES, formatDateTime, regionTimeZone, renderMessage, type InternalReply, type TLanguage, type TPaymentMethodSummary,
  type TPrincipal, type TRegion, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { publicUrl } from '@portal/service-common/public-url';
import type { Transport } from '@portal/service-common/transport/transport';
import { requestMail } from '../payment-requests/payment-request-ports.js';
import type { CardRecord, PaymentMethodRecord } from './payment-methods.repository.js';

/**
 * Issue 25 point 2: when a client's payment method changes, by any path (the client's own card or
 * "use the card again", an operator's registration on its behalf, a request approved, a CSV row),
 * its active owners are mailed the new method (masked), who changed it and when, in the region's
 * zone. Owners are identity's: asked before the unit of work, mailed through the outbox in it.
 */
export type MethodOwner = InternalReply<'clientOwners'>['owners'][number];

/** The active owners of these clients of one region, by client. */
export async function ownersOf(transport: Transport, region: TRegion, clients: readonly string[]): Promise<Map<string, MethodOwner[]>> {
  const byClient = new Map<string, MethodOwner[]>();
  const unique = [...new Set(clients.map((c) => c.toLowerCase()))];
  for (let i = 0; i < unique.length; i += 1000) {
    const { owners } = await ask(transport, INTERNAL_ROUTES.clientOwners, { region, clients: unique.slice(i, i + 1000) });
    for (const o of owners) byClient.set(o.client_uuid, [...(byClient.get(o.client_uuid) ?? []), o]);
  }
  return byClient;
}

/** The words for each kind of method (message keys written out, so the messages spec sees each used). */
const METHOD_KEY = { credit_card: 'detail.method_credit_card', bank_transfer: 'detail.method_bank_transfer', direct_debit: 'detail.method_direct_debit' } as const;

/** A method as a confirmation or a mail shows it: never a full card or account number. */
export function methodSummary(method: Pick<PaymentMethodRecord, 'method' | 'details'>, card: Pick<CardRecord, 'maskedNumber' | 'expiryMonth' | 'expiryYear'> | null): TPaymentMethodSummary {
  if (method.method === 'credit_card') {
    return {
      method: 'credit_card', label: card?.maskedNumber ?? '',
      expiry: card ? `${card.expiryYear}-${String(card.expiryMonth).padStart(2, '0')}` : null,
    };
  }
  const d = method.details;
  const account = d.account_number ? `****${d.account_number.slice(-3)}` : '';
  return { method: method.method, label: [d.bank_name, d.branch_name, account].filter(Boolean).join(' '), expiry: null };
}

/** Who changed it, in the recipient's language: the account itself, a support login, a partner or the operator. */
function actorName(principal: TPrincipal, language: TLanguage): string {
  if (principal.proxy) return renderMessage(language, 'payment_mail.actor_support', { name: principal.actor_name ?? renderMessage(language, 'payment_mail.actor_operator') });
  if (principal.context === 'operator') return renderMessage(language, 'payment_mail.actor_operator');
  if (principal.context === 'client') return renderMessage(language, 'payment_mail.actor_account');
  return renderMessage(language, 'payment_mail.actor_partner');
}

/** Queues the mail to each owner, in the caller's transaction. */
export async function mailMethodChanged(
  tx: Parameters<typeof requestMail>[0], shard: TShard, region: TRegion, owners: readonly MethodOwner[],
  change: { summary: TPaymentMethodSummary; principal: TPrincipal; at: Date },
): Promise<void> {
  const seen = new Set<string>();
  for (const owner of owners) {
    if (seen.has(owner.email)) continue;
    seen.add(owner.email);
    const { language } = owner;
    const { summary } = change;
    const label = summary.expiry ? `${summary.label} ${summary.expiry.slice(5)}/${summary.expiry.slice(0, 4)}` : summary.label;
    await requestMail(tx, shard, {
      to: owner.email, template: 'payment_method_changed', language, recipient: owner.name || undefined,
      params: {
        company: owner.company_name, method: renderMessage(language, METHOD_KEY[summary.method]), label,
        actor: actorName(change.principal, language), changed_at: formatDateTime(change.at, { language, timeZone: regionTimeZone(region) }),
        url: publicUrl('/payment', shard),
      },
    });
  }
}
