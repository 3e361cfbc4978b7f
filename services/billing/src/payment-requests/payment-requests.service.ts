import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, INTERNAL_ROUTES, PAYMENT_METHOD_CSV_COLUMNS, REGION_PROFILES, PAYMENT_METHOD_CSV_MAX_BYTES, REGIONS, renderMessage, type ApiReply, type ApiRequest, type TLanguage,
  type TMessageRef, type TPaymentRequestView, type TPrincipal, type TRegion, type TRequestedMethod, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { requireContext } from '@portal/service-common/context';
import { csvDocument, decodeCsv } from '@portal/service-common/csv';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { Prisma } from '../generated/prisma/client.js';
import { paymentMethodCsvCells, readPaymentMethodCsv } from './payment-method-csv.rules.js';
import type { Tx } from '../db.js';
import { PaymentMethodsRepository } from '../payment/payment-methods.repository.js';
import { mailMethodChanged, methodSummary, ownersOf, type MethodOwner } from '../payment/method-change-mail.js';
import { publicUrl, requestMail } from './payment-request-ports.js';
import { PaymentRequestsRepository, type PaymentRequestFields, type PaymentRequestRecord } from './payment-requests.repository.js';

/** Bank transfer and direct debit are Japanese (spec §1: card is the only method outside Japan). */
const BANK_REGION: TRegion = 'jpn';
/** An operator's registration mails the client's contact in the region's language, not the operator's. */
const CLIENT_MAIL_LANGUAGE: TLanguage = REGION_PROFILES[BANK_REGION].defaultLanguage;

type RequestInput = ApiRequest<'paymentRequestFile'>;
type Registration = Omit<PaymentRequestFields, 'status' | 'source' | 'requestedBy' | 'language'>;

const refuse = (key: string, fields?: Record<string, TMessageRef[]>) => new ServiceError(AccessCode.FORM_ERROR, key, undefined, fields);

function fieldsOf(input: Omit<RequestInput, 'method'> & { method: TRequestedMethod; details?: string }, clientUuid: string): Registration {
  return {
    clientUuid, method: input.method, companyName: input.company_name, personName: input.person_name, email: input.email.toLowerCase(),
    phone: input.phone, details: input.details ?? '', bankCode: input.bank_code, bankName: input.bank_name, branchCode: input.branch_code,
    branchName: input.branch_name, accountType: input.account_type, accountNumber: input.account_number, accountHolder: input.account_holder,
  };
}

export function paymentRequestView(r: PaymentRequestRecord, region: TRegion): TPaymentRequestView {
  return {
    id: r.id, region, client_uuid: r.clientUuid, method: r.method, status: r.status, source: r.source, company_name: r.companyName,
    person_name: r.personName, email: r.email, phone: r.phone, details: r.details, bank_code: r.bankCode, bank_name: r.bankName,
    branch_code: r.branchCode, branch_name: r.branchName, account_type: r.accountType, account_number: r.accountNumber,
    account_holder: r.accountHolder, reason: r.reason, created_at: r.createdAt.toISOString(), reviewed_at: r.reviewedAt?.toISOString() ?? null,
  };
}

/** The method's name in a mail, in the recipient's language. */
const methodName = (language: TLanguage, method: TRequestedMethod) =>
  renderMessage(language, method === 'bank_transfer' ? 'detail.method_bank_transfer' : 'detail.method_direct_debit');

/**
 * Bank-transfer and direct-debit requests (spec §4 "Payment method request"): a client files one
 * (input → confirm → complete), an operator confirms it by hand over a few days and the method
 * becomes the client's; operators also register methods on behalf of clients, import them from
 * CSV (all rows or none) and download them. Requests and registrations are logged (spec §3
 * `payment_method_requested`, `payment_method_registered`) and mailed through the outbox.
 */
@Injectable()
export class PaymentRequestsService {
  constructor(
    @Inject(PaymentRequestsRepository) private readonly requests: PaymentRequestsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PaymentMethodsRepository) private readonly methods: PaymentMethodsRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  /** The clients among these that exist in the region, with their company names (licence knows them; billing has no client table). */
  private async existing(region: TRegion, uuids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(uuids.map((u) => u.toLowerCase()))];
    const { clients } = await ask(this.transport, INTERNAL_ROUTES.clientNames, { clients: unique.map((uuid) => ({ uuid, region })) });
    return new Map(clients.map((c) => [c.uuid.toLowerCase(), c.company_name]));
  }

  private requireJapan(principal: TPrincipal): void {
    if (principal.region !== BANK_REGION) throw refuse('payment_request.japan_only', { method: [{ key: 'payment_request.japan_only' }] });
  }

  private requireClient(principal: TPrincipal): { shard: TShard; clientUuid: string } {
    if (!principal.client_uuid) throw new ServiceError(AccessCode.FORM_ERROR, 'payment_request.not_found');
    return { shard: principal.home_shard, clientUuid: principal.client_uuid };
  }

  /** The confirm step: the same checks as filing, nothing written. */
  async check(principal: TPrincipal): Promise<ApiReply<'paymentRequestCheck'>> {
    this.requireJapan(principal);
    const { shard, clientUuid } = this.requireClient(principal);
    if (await this.requests.hasPending(shard, clientUuid)) throw refuse('payment_request.already_pending');
    return { valid: true };
  }

  async file(principal: TPrincipal, input: RequestInput): Promise<ApiReply<'paymentRequestFile'>> {
    await this.check(principal);
    const { shard, clientUuid } = this.requireClient(principal);
    const language = requireContext().language as TLanguage;
    try {
      const created = await this.uow.run(shard, async (tx) => {
        const row = await this.requests.create(tx, {
          ...fieldsOf(input, clientUuid), status: 'pending', source: 'client', requestedBy: principal.account_uuid, language,
        });
        await recordOperation(tx, { shard, clientUuid, accountUuid: principal.account_uuid, operation: 'payment_method_requested', detail: { method: row.method } });
        await requestMail(tx, shard, {
          to: row.email, template: 'payment_request_received', language, recipient: row.personName,
          params: { company: row.companyName, method: methodName(language, row.method), url: publicUrl('/payment') },
        });
        return row;
      });
      return { request: paymentRequestView(created, principal.region) };
    } catch (err) {
      // Two tabs filing at once: the one-pending index keeps one; the other is told why.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw refuse('payment_request.already_pending');
      throw err;
    }
  }

  async current(principal: TPrincipal): Promise<ApiReply<'paymentRequestCurrent'>> {
    if (!principal.client_uuid) return { request: null };
    const latest = await this.requests.latestOf(principal.home_shard, principal.client_uuid);
    return { request: latest ? paymentRequestView(latest, principal.region) : null };
  }

  // ---- operator ----

  async list(query: ApiRequest<'paymentRequestList'>): Promise<ApiReply<'paymentRequestList'>> {
    const depth = query.page * query.per_page;
    const shards = await Promise.all(REGIONS.map(async (region) => {
      const { rows, total } = await this.requests.listByStatus(region, query.status, depth);
      return { rows: rows.map((r) => ({ r, region })), total };
    }));
    const sign = query.status === 'pending' ? 1 : -1;
    const all = shards.flatMap((s) => s.rows).sort((a, b) => sign * (a.r.createdAt.getTime() - b.r.createdAt.getTime()));
    const page = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
    return { requests: page.map(({ r, region }) => paymentRequestView(r, region)), total: shards.reduce((sum, s) => sum + s.total, 0) };
  }

  private async found(region: TRegion, id: string): Promise<PaymentRequestRecord> {
    const row = await this.requests.find(region, id);
    if (!row) throw refuse('payment_request.not_found');
    return row;
  }

  async detail(query: ApiRequest<'paymentRequestDetail'>): Promise<ApiReply<'paymentRequestDetail'>> {
    return { request: paymentRequestView(await this.found(query.region, query.id), query.region) };
  }

  /** Issue 25 point 2: the client's current method, masked, as a registration on its behalf (or an approval) would replace it. */
  async ofClient(query: ApiRequest<'paymentMethodOfClient'>): Promise<ApiReply<'paymentMethodOfClient'>> {
    const clientUuid = query.client_uuid.toLowerCase();
    const found = (await this.methods.currentOf(query.region, [clientUuid])).get(clientUuid);
    return { current: found ? methodSummary(found.method, found.card) : null };
  }

  async confirm(principal: TPrincipal, input: ApiRequest<'paymentRequestConfirm'>): Promise<ApiReply<'paymentRequestConfirm'>> {
    const shard: TShard = input.region;
    const pending = await this.found(input.region, input.id);
    if (pending.status !== 'pending') throw refuse('payment_request.not_pending');
    const owners = await ownersOf(this.transport, input.region, [pending.clientUuid]);
    const settled = await this.uow.run(shard, async (tx) => {
      const row = await this.requests.settle(tx, input.id, { status: 'registered', reviewedBy: principal.account_uuid, at: this.clock.now() });
      if (!row) throw refuse('payment_request.not_pending');
      await this.registered(tx, shard, row, principal, owners);
      return row;
    });
    return { request: paymentRequestView(settled, input.region) };
  }

  async reject(principal: TPrincipal, input: ApiRequest<'paymentRequestReject'>): Promise<ApiReply<'paymentRequestReject'>> {
    const pending = await this.found(input.region, input.id);
    if (pending.status !== 'pending') throw refuse('payment_request.not_pending');
    const settled = await this.uow.run(input.region, async (tx) => {
      const row = await this.requests.settle(tx, input.id, { status: 'rejected', reviewedBy: principal.account_uuid, reason: input.reason, at: this.clock.now() });
      if (!row) throw refuse('payment_request.not_pending');
      await recordOperation(tx, {
        shard: input.region, clientUuid: row.clientUuid, accountUuid: null, operation: 'payment_request_rejected',
        detail: { method: row.method }, target: { type: 'payment_request', id: row.id },
      });
      return row;
    });
    return { request: paymentRequestView(settled, input.region) };
  }

  async register(principal: TPrincipal, input: ApiRequest<'paymentMethodRegister'>): Promise<ApiReply<'paymentMethodRegister'>> {
    if (input.region !== BANK_REGION) throw refuse('payment_request.japan_only', { region: [{ key: 'payment_request.japan_only' }] });
    if (!(await this.existing(input.region, [input.client_uuid])).has(input.client_uuid.toLowerCase())) {
      throw ServiceError.form({ client_uuid: [{ key: 'payment_request.client_unknown' }] });
    }
    const language = CLIENT_MAIL_LANGUAGE;
    const owners = await ownersOf(this.transport, input.region, [input.client_uuid]);
    const row = await this.uow.run(input.region, async (tx) => {
      const created = await this.requests.create(tx, {
        ...fieldsOf(input, input.client_uuid.toLowerCase()), status: 'registered', source: 'operator', requestedBy: principal.account_uuid, language,
        reviewedBy: principal.account_uuid, reviewedAt: this.clock.now(),
      });
      await this.registered(tx, input.region, created, principal, owners);
      return created;
    });
    return { request: paymentRequestView(row, input.region) };
  }

  /** CSV import: every row registers, or none does (one broken row refuses the file, naming each broken row). */
  async import(principal: TPrincipal, input: ApiRequest<'paymentMethodImport'>): Promise<ApiReply<'paymentMethodImport'>> {
    const file = (key: string, params?: Record<string, string | number>) => new ServiceError(AccessCode.FORM_ERROR, key, params, { file: [{ key, params }] });
    if (!/\.csv$/i.test(input.file_name)) throw file('csv.not_csv');
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length > PAYMENT_METHOD_CSV_MAX_BYTES) throw file('csv.too_large');
    const read = readPaymentMethodCsv(decodeCsv(bytes));
    if (!read.ok && 'refusal' in read) throw file(read.refusal.key, read.refusal.params);
    // A row naming a client that does not exist is as broken as a malformed one.
    const broken = read.ok ? {} : read.lines;
    const known = read.ok ? await this.existing(BANK_REGION, read.rows.map((r) => r.client_uuid)) : new Map<string, string>();
    if (read.ok) read.rows.forEach((r, i) => { if (!known.has(r.client_uuid)) broken[i + 2] = [{ key: 'payment_request.client_unknown' }]; });
    if (!read.ok || Object.keys(broken).length) {
      const lines = Object.fromEntries(Object.entries(broken).map(([line, refs]) => [`line.${line}`, refs]));
      throw refuse('payment_method.import_failed', { file: [{ key: 'payment_method.import_failed' }], ...lines });
    }
    // Issue 25 point 2: what each row does (added, or replacing the client's current method), the
    // same in the dry run the operator confirms and in the answer of the import itself.
    const uuids = read.rows.map((r) => r.client_uuid);
    const current = await this.methods.currentOf(BANK_REGION, uuids);
    // (A file names each client at most once.)
    const preview = read.rows.map((row, i) => {
      const found = current.get(row.client_uuid);
      const next = methodSummary({ method: row.method, details: { bank_name: row.bank_name, branch_name: row.branch_name, account_number: row.account_number } }, null);
      return {
        line: i + 2, client_uuid: row.client_uuid, company_name: known.get(row.client_uuid) ?? '', action: found ? 'replace' as const : 'add' as const,
        current: found ? methodSummary(found.method, found.card) : null, next,
      };
    });
    if (input.dry_run) return { dry_run: true, registered: read.rows.length, rows: preview };
    const language = CLIENT_MAIL_LANGUAGE;
    const now = this.clock.now();
    const owners = await ownersOf(this.transport, BANK_REGION, uuids);
    await this.uow.run(BANK_REGION, async (tx) => {
      for (const row of read.rows) {
        const created = await this.requests.create(tx, {
          ...fieldsOf({ ...row, details: '' }, row.client_uuid), status: 'registered', source: 'csv', requestedBy: principal.account_uuid, language,
          reviewedBy: principal.account_uuid, reviewedAt: now,
        });
        await this.registered(tx, BANK_REGION, created, principal, owners);
      }
    }, { timeoutMs: 60_000 });
    return { dry_run: false, registered: read.rows.length, rows: preview };
  }


  async csv(): Promise<ApiReply<'paymentMethodCsv'>> {
    const rows = await this.requests.registeredMethods(BANK_REGION);
    const stamp = this.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
    return {
      file_name: `payment_methods_${stamp}.csv`, content_type: 'text/csv; charset=utf-8',
      content: csvDocument(PAYMENT_METHOD_CSV_COLUMNS, rows.map(paymentMethodCsvCells)), rows: rows.length,
    };
  }

  /**
   * The method becomes the client's (slice A's payment_methods), is logged in the client's log and
   * mailed, in one transaction: its owners get `payment_method_changed` (issue 25 point 2), the
   * request's contact `payment_method_registered` unless it is one of them.
   */
  private async registered(tx: Tx, shard: TShard, row: PaymentRequestRecord, principal: TPrincipal, owners: Map<string, MethodOwner[]>): Promise<void> {
    const method = await this.methods.register(tx, {
      clientUuid: row.clientUuid, method: row.method, registeredBy: principal.account_uuid,
      details: {
        request_id: row.id, bank_code: row.bankCode, bank_name: row.bankName, branch_code: row.branchCode, branch_name: row.branchName,
        account_type: row.accountType, account_number: row.accountNumber, account_holder: row.accountHolder,
      },
    });
    await recordOperation(tx, {
      shard, clientUuid: row.clientUuid, accountUuid: null, operation: 'payment_method_registered',
      detail: { method: row.method, source: row.source },
    });
    const toOwners = owners.get(row.clientUuid.toLowerCase()) ?? [];
    await mailMethodChanged(tx, shard, shard as TRegion, toOwners, { summary: methodSummary(method, null), principal, at: this.clock.now() });
    if (toOwners.some((o) => o.email === row.email)) return;
    const language = row.language as TLanguage;
    await requestMail(tx, shard, {
      to: row.email, template: 'payment_method_registered', language, recipient: row.personName,
      params: {
        company: row.companyName, method: methodName(language, row.method), bank: `${row.bankName} (${row.bankCode})`,
        branch: `${row.branchName} (${row.branchCode})`, account: `****${row.accountNumber.slice(-3)}`, url: publicUrl('/payment'),
      },
    });
  }
}
