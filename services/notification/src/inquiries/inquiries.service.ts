import { Inject, Injectable } from '@nestjs/common';
import {
  Events, Headers, INTERNAL_ROUTES, PRODUCT_IDS, REGIONS, productName, renderMessage,
  type TInquiry, type TInquiryCreate, type TInquiryPurpose, type TInquiryStatus, type TMessageKey, type TMailRequested, type TPrincipal, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { recordOperation, type OperationEntry } from '@portal/service-common/audit';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { InquiriesRepository, type InquiryRow } from './inquiries.repository.js';

/**
 * Inquiries live in the sender's region, whatever host it called (issue 21 item 4), and a
 * partner's receivers in the partner's. A receiver's inbox merges every region's: a partner's
 * clients and the operator's may be anywhere.
 */
const ownShard = (p: TPrincipal): TShard => p.region;

/** The purpose's words in the mails (the SPA has its own labels). */
const PURPOSE_KEYS: Record<TInquiryPurpose, TMessageKey> = {
  charge: 'inquiry.purpose.charge', payment: 'inquiry.purpose.payment', feature: 'inquiry.purpose.feature', operation: 'inquiry.purpose.operation',
  requestproposal: 'inquiry.purpose.requestproposal', requestdocuments: 'inquiry.purpose.requestdocuments', others: 'inquiry.purpose.others',
};

function toInquiry(row: InquiryRow): TInquiry {
  return {
    id: row.id, products: row.products.filter((p): p is TInquiry['products'][number] => (PRODUCT_IDS as readonly string[]).includes(p)),
    company_name: row.companyName, name: row.name, email: row.email, phone: row.phone, purpose: row.purpose as TInquiry['purpose'],
    text: row.text, status: row.status as TInquiryStatus, receiver: row.partnerUuid ? 'partner' : 'operator', created_at: row.createdAt.toISOString(),
  };
}

async function requestMail(tx: RawExecutor, shard: TShard, mail: TMailRequested): Promise<void> {
  await enqueueEvent(tx, Events.notification.mailRequested, mail, {
    [Headers.region]: shard, [Headers.language]: mail.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
  });
}

/** The receiver a principal of the partner or operator area reads inquiries as. */
function receiverOf(p: TPrincipal): string | null {
  if (p.context === 'operator') return null;
  if (!p.partner_uuid) throw new ServiceError(40011, 'inquiry.not_found');
  return p.partner_uuid;
}

/**
 * Inquiries (issue 12, slice B): a client's account sends one; it goes to the client's partner
 * when the partner has inquiry receivers, else to the operator. The sender gets an acknowledgement
 * and the partner's receivers a copy, both through the outbox in the same transaction.
 */
@Injectable()
export class InquiriesService {
  constructor(
    @Inject(InquiriesRepository) private readonly inquiries: InquiriesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async send(principal: TPrincipal, input: TInquiryCreate): Promise<{ inquiry: TInquiry }> {
    const clientUuid = principal.client_uuid;
    if (!clientUuid) throw new ServiceError(40011, 'inquiry.no_client');
    const shard = ownShard(principal);
    const [standing, sender] = await Promise.all([
      ask(this.transport, INTERNAL_ROUTES.clientStanding, { client_uuids: [clientUuid] }).then((r) => r.clients[0]),
      this.sender(principal),
    ]);
    const partnerUuid = standing?.partner_uuid ?? null;
    const receivers = partnerUuid ? await this.partnerReceivers(partnerUuid) : [];
    const language = principal.language;
    const row = await this.uow.run(shard, async (tx) => {
      const created = await this.inquiries.create(tx, {
        clientUuid, accountUuid: principal.account_uuid, partnerUuid: receivers.length ? partnerUuid : null, products: input.products,
        companyName: input.company_name, name: input.name, email: input.email, phone: input.phone, purpose: input.purpose, text: input.text,
      });
      const params = {
        company: input.company_name, name: input.name, purpose: renderMessage(language, PURPOSE_KEYS[input.purpose]), text: input.text,
        products: input.products.map(productName).join(', ') || '-',
      };
      // The acknowledgement goes to the sender's own address, never to one the request names (issue
      // 21 item 3: any account could make the portal mail any address its text). In a support
      // session the sender is not the company's account, and none is sent.
      if (sender) await requestMail(tx, shard, { to: sender.email, template: 'inquiry_received', language, params, recipient: sender.name });
      for (const r of receivers) {
        await requestMail(tx, shard, { to: r.email, template: 'inquiry_forwarded', language, params: { ...params, email: input.email, phone: input.phone }, recipient: r.name || undefined });
      }
      return created;
    });
    return { inquiry: toInquiry(row) };
  }

  async mine(principal: TPrincipal): Promise<{ inquiries: TInquiry[] }> {
    if (!principal.client_uuid) return { inquiries: [] };
    return { inquiries: (await this.inquiries.sentBy(ownShard(principal), principal.account_uuid, principal.client_uuid)).map(toInquiry) };
  }

  async inbox(principal: TPrincipal, query: { page: number; per_page: number; status?: TInquiryStatus }) {
    const receiver = receiverOf(principal);
    const depth = query.page * query.per_page;
    const shards = await Promise.all(REGIONS.map((region) => this.inquiries.inbox(region, receiver, query.status, 1, depth)));
    const newestFirst = shards.flatMap((s) => s.rows).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id));
    return {
      inquiries: newestFirst.slice((query.page - 1) * query.per_page, depth).map(toInquiry),
      total: shards.reduce((sum, s) => sum + s.total, 0),
    };
  }

  async setStatus(principal: TPrincipal, id: string, status: TInquiryStatus): Promise<{ inquiry: TInquiry }> {
    const receiver = receiverOf(principal);
    const rows = await Promise.all(REGIONS.map((region) => this.inquiries.setStatus(region, receiver, id, status)));
    const at = rows.findIndex((r) => r !== null);
    const row = rows[at];
    if (!row) throw new ServiceError(40011, 'inquiry.not_found');
    // Issue 25: in the audit log (after the change: the status write is the repository's own statement).
    await this.record(REGIONS[at]!, { clientUuid: row.clientUuid, operation: 'inquiry_status_changed', detail: { company_name: row.companyName }, target: { type: 'inquiry', id } });
    return { inquiry: toInquiry(row) };
  }

  async receivers(principal: TPrincipal) {
    return { receivers: await this.inquiries.receivers(ownShard(principal), this.partnerOf(principal)) };
  }

  async addReceiver(principal: TPrincipal, email: string, name: string) {
    const partner = this.partnerOf(principal);
    await this.inquiries.addReceiver(ownShard(principal), partner, email.toLowerCase(), name);
    await this.record(ownShard(principal), { clientUuid: partner, operation: 'inquiry_receiver_added', detail: { email: email.toLowerCase() }, target: { type: 'partner', id: partner } });
    return this.receivers(principal);
  }

  async removeReceiver(principal: TPrincipal, email: string) {
    const result = await this.inquiries.removeReceiver(ownShard(principal), this.partnerOf(principal), email.toLowerCase());
    if (result === 'last') throw ServiceError.form({ email: [{ key: 'inquiry.receiver_last' }] });
    if (result === 'absent') throw ServiceError.form({ email: [{ key: 'inquiry.receiver_unknown' }] });
    const partner = this.partnerOf(principal);
    await this.record(ownShard(principal), { clientUuid: partner, operation: 'inquiry_receiver_removed', detail: { email: email.toLowerCase() }, target: { type: 'partner', id: partner } });
    return this.receivers(principal);
  }

  /** An audit-log entry of its own (the change it records was its repository's own statement). */
  private record(shard: TShard, entry: Omit<OperationEntry, 'shard' | 'accountUuid'>): Promise<void> {
    return this.uow.run(shard, (tx) => recordOperation(tx, { shard, accountUuid: null, ...entry }));
  }

  /** The signed-in account's own address and name; none in a support session (not the company's account). */
  private async sender(principal: TPrincipal): Promise<{ email: string; name: string } | null> {
    if (principal.proxy) return null;
    const { accounts } = await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids: [principal.account_uuid] });
    return accounts[0] ? { email: accounts[0].email, name: accounts[0].name } : null;
  }

  /** A partner's receivers, in the partner's region (which may not be the client's). */
  private async partnerReceivers(partnerUuid: string) {
    return (await Promise.all(REGIONS.map((region) => this.inquiries.receivers(region, partnerUuid)))).flat();
  }

  private partnerOf(principal: TPrincipal): string {
    if (!principal.partner_uuid) throw new ServiceError(40011, 'inquiry.not_found');
    return principal.partner_uuid;
  }
}
