import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, REGION_PROFILES, expiryValid, type TCardExpiryWarning, type TCardRegistration, type TCardView, type TPaymentMethodKind, type TPaymentView,
  type TPrincipal, type ZCardRegistrationResult, type ZCheckPaymentResult, type ZSecureTranResult, type ZTokenizerView,
} from '@portal/proto';
import type { z } from 'zod';
import { recordOperation } from '@portal/service-common/audit';
import { businessDate, dateInZone } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { publicOrigin } from '@portal/service-common/public-url';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
import { tenant } from '../billing-info/billing-info.service.js';
import { PAYMENT_GATEWAY, memberIdFor, newOrderId, type GatewayDecline, type PaymentGateway } from './gateway/payment-gateway.port.js';
import { PaymentMethodsRepository, type CardRecord, type PaymentMethodRecord } from './payment-methods.repository.js';
import { availableMethods } from './payment-standing.rules.js';
import { cardExpiresOn, cardExpiryState } from './card-expiry.rules.js';
import { mailMethodChanged, methodSummary, ownersOf, type MethodOwner } from './method-change-mail.js';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';

const log = createLogger('billing.payment');

/** Gateway codes that mean the browser's token cannot be used (again): the form asks for the card again. */
const TOKEN_CODES = /^E61010/;

/** Which methods a client of this region may have (spec §1: card only outside Japan). */

const cardView = (c: CardRecord): TCardView => ({
  masked_number: c.maskedNumber, expiry_month: c.expiryMonth, expiry_year: c.expiryYear, holder_name: c.holderName, registered_at: c.createdAt.toISOString(),
});

/**
 * Payment methods and card registration with 3-D Secure (issue 11, slice A; spec §3, §5). The
 * card number never arrives here: the browser sends the gateway's token, the masked number, the
 * expiry and the holder. Gateway calls run outside transactions; each state change is one unit
 * of work with its operation-log entry.
 */
@Injectable()
export class PaymentService {
  constructor(
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  /** Issue 25 point 2: the client's owners, asked before a unit of work that changes its method (they are mailed in it). */
  private async owners(principal: TPrincipal): Promise<MethodOwner[]> {
    const { clientUuid } = tenant(principal);
    return (await ownersOf(this.transport, principal.region, [clientUuid])).get(clientUuid.toLowerCase()) ?? [];
  }

  private origin(): string {
    return publicOrigin();
  }

  async view(principal: TPrincipal): Promise<TPaymentView> {
    const { shard, clientUuid } = tenant(principal);
    const [method, card] = await Promise.all([this.methods.find(shard, clientUuid), this.methods.activeCard(shard, clientUuid)]);
    return {
      method: method?.method ?? null,
      available: availableMethods(principal.region),
      card: card ? cardView(card) : null,
      bank: method && method.method !== 'credit_card' && Object.keys(method.details).length ? method.details : null,
      registered_at: method?.registeredAt.toISOString() ?? null,
      card_expiry: method?.method === 'credit_card' && card ? this.expiryWarning(card) : null,
    };
  }

  /** Issue 23 item 7: the card on file's warning, on today's business date (Asia/Tokyo), or null while it is valid. */
  private expiryWarning(card: CardRecord): TCardExpiryWarning | null {
    const expiry = { year: card.expiryYear, month: card.expiryMonth };
    const state = cardExpiryState(expiry, businessDate(this.clock.now()));
    return state === 'valid' ? null : { state, expires_on: cardExpiresOn(expiry) };
  }

  async card(principal: TPrincipal): Promise<{ card: TCardView | null }> {
    const { shard, clientUuid } = tenant(principal);
    const card = await this.methods.activeCard(shard, clientUuid);
    return { card: card ? cardView(card) : null };
  }

  /** The gateway's tokeniser for the origin the visitor uses (the request's, unless another is named). */
  tokenizer(origin: string = this.origin()): z.infer<typeof ZTokenizerView> {
    const t = this.gateway.tokenizer(origin);
    return { gateway: t.gateway, script_url: t.scriptUrl, shop_id: t.shopId };
  }

  async check(principal: TPrincipal): Promise<z.infer<typeof ZCheckPaymentResult>> {
    const { shard, clientUuid } = tenant(principal);
    const method = await this.methods.find(shard, clientUuid);
    if (!method) return { ok: false, method: null };
    if (method.method === 'credit_card') {
      const card = method.cardReferenceId ? await this.methods.card(shard, method.cardReferenceId) : null;
      return { ok: card?.status === 'active', method: method.method };
    }
    return { ok: true, method: method.method };
  }

  /** PUT /payment: back to the stored card after another method. */
  async useCard(principal: TPrincipal): Promise<TPaymentView> {
    const { shard, clientUuid } = tenant(principal);
    const card = await this.methods.activeCard(shard, clientUuid);
    if (!card) throw ServiceError.form({ method: [{ key: 'payment.no_card' }] });
    const owners = await this.owners(principal);
    await this.uow.run(shard, async (tx) => {
      const before = await this.methods.current(tx, clientUuid);
      if (before?.method === 'credit_card' && before.cardReferenceId === card.id) return;
      await this.methods.register(tx, { clientUuid, method: 'credit_card', cardReferenceId: card.id, registeredBy: principal.account_uuid });
      await this.logMethod(tx, principal, before, 'credit_card');
      await this.mailChange(tx, principal, owners, card);
    });
    return this.view(principal);
  }

  /** POST /gmo_auth: stores the tokenised card and starts its 3-D Secure check. */
  async register(principal: TPrincipal, input: TCardRegistration): Promise<z.infer<typeof ZCardRegistrationResult>> {
    const { shard, clientUuid } = tenant(principal);
    const today = dateInZone(this.clock.now(), REGION_PROFILES[principal.region].timeZone);
    const [year, month] = today.split('-').map(Number) as [number, number];
    if (!expiryValid({ month: input.expiry_month, year: input.expiry_year }, { year, month })) {
      throw ServiceError.form({ expiry_month: [{ key: 'payment.validation.expired' }] });
    }
    // Asked before the gateway is: a failure here leaves no card stored at the gateway.
    const owners = await this.owners(principal);
    const memberId = memberIdFor(clientUuid);
    const saved = await this.gateway.saveCard({ memberId, memberName: clientUuid, token: input.token });
    if (!saved.ok) {
      if (TOKEN_CODES.test(saved.code)) throw ServiceError.form({ token: [{ key: 'payment.token_used' }] });
      this.refused('save', saved);
    }
    const orderId = newOrderId('chk');
    const returnUrl = `${this.origin()}/paymentmethod_confirm?order=${orderId}`;
    const check = await this.gateway.startThreeDs({ orderId, memberId, cardSeq: saved.cardSeq, returnUrl });
    if (!check.ok) {
      await this.gateway.deleteCard({ memberId, cardSeq: saved.cardSeq });
      this.refused('check', check);
    }
    const card = {
      clientUuid, gateway: this.gateway.kind, memberId, cardSeq: saved.cardSeq, maskedNumber: saved.maskedNumber || input.masked_number,
      expiryMonth: input.expiry_month, expiryYear: input.expiry_year, holderName: input.holder_name, orderId,
      createdBy: principal.account_uuid,
    };
    if (check.kind === 'challenge') {
      await this.uow.run(shard, (tx) => this.methods.addCard(tx, { ...card, status: 'pending', accessId: check.accessId, accessPass: check.accessPass }));
      return { status: 'challenge', redirect_url: check.redirectUrl, order_id: orderId };
    }
    const replaced = await this.uow.run(shard, async (tx) => {
      const added = await this.methods.addCard(tx, { ...card, status: 'pending', accessId: null, accessPass: null });
      return this.activate(tx, principal, added, owners);
    });
    await this.forget(replaced);
    return { status: 'registered', order_id: orderId };
  }

  /** POST /gmo_secure_tran: back from the challenge. */
  async complete(principal: TPrincipal, input: { order_id: string; callback: Record<string, string> }): Promise<z.infer<typeof ZSecureTranResult>> {
    const { shard, clientUuid } = tenant(principal);
    const pending = await this.uow.run(shard, (tx) => this.methods.pendingCard(tx, clientUuid, input.order_id));
    if (!pending?.accessId || !pending.accessPass) throw new ServiceError(AccessCode.FORM_ERROR, 'payment.check_not_found');
    const result = await this.gateway.completeThreeDs({ orderId: input.order_id, accessId: pending.accessId, accessPass: pending.accessPass, callback: input.callback });
    if (!result.ok) {
      await this.uow.run(shard, (tx) => this.methods.setCardStatus(tx, pending, 'failed'));
      await this.gateway.deleteCard({ memberId: pending.memberId, cardSeq: pending.cardSeq });
      // Issue 22 item 8: the cardholder's authentication failed (or was abandoned): nothing for an administrator to do; the customer may try again.
      log.info({ step: 'secure', code: result.code }, 'card 3-D Secure authentication failed');
      if (/^42G/.test(result.code)) throw new ServiceError(AccessCode.FORM_ERROR, 'payment.card_declined');
      throw new ServiceError(AccessCode.FORM_ERROR, 'payment.secure_failed');
    }
    const owners = await this.owners(principal);
    const replaced = await this.uow.run(shard, async (tx) => {
      // A second completion of the same check finds it no longer pending.
      const still = await this.methods.pendingCard(tx, clientUuid, input.order_id);
      if (!still) throw new ServiceError(AccessCode.FORM_ERROR, 'payment.check_not_found');
      return this.activate(tx, principal, still, owners);
    });
    await this.forget(replaced);
    return { status: 'registered', card: cardView({ ...pending, status: 'active' }) };
  }

  /** The card becomes the active card and the client's payment method; the replaced cards are returned. */
  private async activate(tx: Tx, principal: TPrincipal, card: CardRecord, owners: readonly MethodOwner[]): Promise<CardRecord[]> {
    const replaced = await this.methods.setCardStatus(tx, card, 'active');
    const before = await this.methods.current(tx, card.clientUuid);
    await this.methods.register(tx, { clientUuid: card.clientUuid, method: 'credit_card', cardReferenceId: card.id, registeredBy: principal.account_uuid });
    await this.logMethod(tx, principal, before, 'credit_card', replaced.length > 0);
    await this.mailChange(tx, principal, owners, card);
    return replaced;
  }

  /** Issue 25 point 2: the owners are told the card now on file (masked), who set it and when. */
  private async mailChange(tx: Tx, principal: TPrincipal, owners: readonly MethodOwner[], card: CardRecord): Promise<void> {
    const { shard } = tenant(principal);
    await mailMethodChanged(tx, shard, principal.region, owners, { summary: methodSummary({ method: 'credit_card', details: {} }, card), principal, at: this.clock.now() });
  }

  private async logMethod(tx: Tx, principal: TPrincipal, before: PaymentMethodRecord | null, after: TPaymentMethodKind, cardReplaced = false) {
    const { shard, clientUuid } = tenant(principal);
    const operation = before ? 'payment_method_changed' : 'payment_method_registered';
    const detail = before
      ? { before: { payment_method: before.method }, after: { payment_method: after }, ...(cardReplaced ? { card_replaced: true } : {}) }
      : { payment_method: after };
    await recordOperation(tx, { shard, clientUuid, accountUuid: principal.account_uuid, operation, detail });
  }

  /** Replaced cards are removed at the gateway (best effort: a failure leaves an unused card there, logged). */
  private async forget(cards: CardRecord[]) {
    for (const c of cards) {
      await this.gateway.deleteCard({ memberId: c.memberId, cardSeq: c.cardSeq }).catch((err: unknown) => log.warn({ err, card: c.id }, 'replaced card not deleted at the gateway'));
    }
  }

  /** A decline: the spec's message (card registration failed, contact the administrator); the code goes to the log only. */
  private refused(step: string, decline: GatewayDecline): never {
    log.info({ step, code: decline.code }, 'card refused by the gateway');
    if (/^42G/.test(decline.code)) throw new ServiceError(AccessCode.FORM_ERROR, 'payment.card_declined');
    throw new ServiceError(AccessCode.FORM_ERROR, 'payment.card_failed');
  }
}
