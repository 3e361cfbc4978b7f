import { Inject, Injectable } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import {
  AccessCode, INVITE_CSV_MAX, INVITE_CSV_MAX_BYTES, ZInviteRow, fieldMessages, renderMessage,
  type ApiRequest, type TInviteCsvResult, type TInviteRequest, type TLanguage, type TPrincipal,
} from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { decodeCsv } from '@portal/service-common/csv';
import { requestMail } from '../audit/mail.js';
import type { Tx } from '../db.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountAdminService } from './account-admin.service.js';
import { csvColumns } from './csv-columns.rules.js';
import { mapEmailTaken } from './email-taken.js';
import { recipientName } from './person-name.js';

const refuse = (key: string, params?: Record<string, string | number>) =>
  new ServiceError(AccessCode.FORM_ERROR, key, params, { file: [{ key, params }] });

/**
 * Invite by CSV (spec §5, §8): CSV only, a first line naming the columns email, family_name and
 * given_name (csv-columns.rules.ts), at most 100 records; every account gets authority user; rows
 * with errors are reported (and mailed) while the others are invited. A dry run reports the same
 * without writing anything.
 */
@Injectable()
export class CsvInviteService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(AccountAdminService) private readonly admin: AccountAdminService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async run(principal: TPrincipal, input: ApiRequest<'userInviteCsv'>): Promise<TInviteCsvResult> {
    const language = requireContext().language;
    if (!/\.csv$/i.test(input.file_name)) throw refuse('csv.not_csv');
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length > INVITE_CSV_MAX_BYTES) throw refuse('csv.too_large');
    let records: string[][];
    try {
      records = parse(decodeCsv(bytes), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
    } catch {
      throw refuse('csv.format');
    }
    const columns = csvColumns(records[0] ?? []);
    if (!columns.ok) throw refuse(columns.refusal.key, columns.refusal.params);
    const rows = records.slice(1);
    if (!rows.length) throw refuse('csv.empty');
    if (rows.length > INVITE_CSV_MAX) throw refuse('csv.over_limit', { max: INVITE_CSV_MAX });

    const render = (key: string, params?: Record<string, string | number>) => renderMessage(language, key, params);
    const errors: TInviteCsvResult['error_rows'] = [];
    const valid: TInviteRequest['users'] = [];
    const seen = new Set<string>();
    for (const [index, cells] of rows.entries()) {
      const line = index + 2;
      const cell = (column: keyof typeof columns.index) => cells[columns.index[column]] ?? '';
      const candidate = { email: cell('email'), family_name: cell('family_name'), given_name: cell('given_name'), authority: 'user' as const, products: [] };
      const parsed = ZInviteRow.safeParse(candidate);
      const messages = parsed.success ? [] : Object.values(fieldMessages(parsed.error.issues)).flat().map((m) => render(m.key, m.params));
      const email = candidate.email.toLowerCase();
      if (parsed.success && seen.has(email)) messages.push(render('csv.duplicate'));
      else if (parsed.success && (await this.accounts.emailExists(principal.home_shard, email))) messages.push(render('signup.email_exists'));
      seen.add(email);
      if (messages.length || !parsed.success) errors.push({ line, email: candidate.email.slice(0, 254), messages });
      else valid.push({ ...parsed.data, email });
    }
    if (input.dry_run) return { dry_run: true, registered: valid.length, error_count: errors.length, error_rows: errors };

    if (valid.length) await mapEmailTaken('file', () => this.admin.createInvited(principal, valid, language, 'accounts_imported'));
    if (errors.length) await this.mailErrors(principal, language, valid.length, errors);
    return { dry_run: false, registered: valid.length, error_count: errors.length, error_rows: errors };
  }

  /** Partial completion: the owner gets the list of rows that failed (spec §8). */
  private async mailErrors(principal: TPrincipal, language: TLanguage, registered: number, errors: TInviteCsvResult['error_rows']) {
    const owner = await this.accounts.accountByUuid(principal.home_shard, principal.account_uuid);
    if (!owner) return;
    const details = errors.map((e) => `${e.line}: ${e.email} — ${e.messages.join(' ')}`).join('\n');
    await this.uow.run(principal.home_shard, (tx) =>
      requestMail(tx, principal.home_shard, { to: owner.email, template: 'csv_errors', language, recipient: recipientName(principal.home_shard, owner), params: { registered: String(registered), errors: String(errors.length), details } }));
  }
}
