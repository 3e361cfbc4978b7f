import { Inject, Injectable } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import {
  AccessCode, INVITE_CSV_HEADER, INVITE_CSV_MAX, INVITE_CSV_MAX_BYTES, ZInviteRow, fieldMessages, renderMessage,
  type TInviteCsvResult, type TLanguage, type TPrincipal,
} from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { requestMail } from '../audit/mail.js';
import { AccountsRepository } from './accounts.repository.js';
import { AccountAdminService } from './account-admin.service.js';

const refuse = (key: string, params?: Record<string, number>) =>
  new ServiceError(AccessCode.FORM_ERROR, key, params, { file: [{ key, params }] });

/** UTF-8 (with or without BOM), else Shift_JIS, which spreadsheet software in Japan still writes. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

/**
 * Invite by CSV (spec §5, §8): CSV only, at most 100 records of `email,name`; every account gets
 * authority user; rows with errors are reported (and mailed) while the others are invited. A dry
 * run reports the same without writing anything.
 */
@Injectable()
export class CsvInviteService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(AccountAdminService) private readonly admin: AccountAdminService,
  ) {}

  async run(principal: TPrincipal, input: { file_name: string; content: string; dry_run: boolean }): Promise<TInviteCsvResult> {
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
    const header = (records[0] ?? []).map((h) => h.toLowerCase());
    if (header.length !== INVITE_CSV_HEADER.length || INVITE_CSV_HEADER.some((h, i) => header[i] !== h)) throw refuse('csv.format');
    const rows = records.slice(1);
    if (!rows.length) throw refuse('csv.empty');
    if (rows.length > INVITE_CSV_MAX) throw refuse('csv.over_limit', { max: INVITE_CSV_MAX });

    const render = (key: string, params?: Record<string, string | number>) => renderMessage(language, key, params);
    const errors: TInviteCsvResult['error_rows'] = [];
    const valid: { email: string; name: string; authority: 'user'; products: [] }[] = [];
    const seen = new Set<string>();
    for (const [index, cells] of rows.entries()) {
      const line = index + 2;
      const candidate = { email: cells[0] ?? '', name: cells[1] ?? '', authority: 'user' as const, products: [] as [] };
      const parsed = ZInviteRow.safeParse(candidate);
      const messages = parsed.success ? [] : Object.values(fieldMessages(parsed.error.issues)).flat().map((m) => render(m.key, m.params));
      const email = candidate.email.toLowerCase();
      if (parsed.success && seen.has(email)) messages.push(render('csv.duplicate'));
      else if (parsed.success && (await this.accounts.emailExists(principal.home_shard, email))) messages.push(render('signup.email_exists'));
      seen.add(email);
      if (messages.length) errors.push({ line, email: candidate.email.slice(0, 254), messages });
      else valid.push({ email, name: candidate.name.trim(), authority: 'user', products: [] });
    }
    if (input.dry_run) return { dry_run: true, registered: valid.length, error_count: errors.length, error_rows: errors };

    if (valid.length) await this.admin.createInvited(principal, valid, language, 'accounts_imported');
    if (errors.length) await this.mailErrors(principal, language, valid.length, errors);
    return { dry_run: false, registered: valid.length, error_count: errors.length, error_rows: errors };
  }

  /** Partial completion: the owner gets the list of rows that failed (spec §8). */
  private async mailErrors(principal: TPrincipal, language: TLanguage, registered: number, errors: TInviteCsvResult['error_rows']) {
    const owner = await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    if (!owner) return;
    const details = errors.map((e) => `${e.line}: ${e.email} — ${e.messages.join(' ')}`).join('\n');
    await this.accounts.client(principal.home_shard).$transaction((tx) =>
      requestMail(tx, principal.home_shard, { to: owner.account.email, template: 'csv_errors', language, params: { registered: String(registered), errors: String(errors.length), details } }));
    this.accounts.kick(principal.home_shard);
  }
}
