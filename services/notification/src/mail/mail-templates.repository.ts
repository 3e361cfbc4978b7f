import { Inject, Injectable } from '@nestjs/common';
import { LANGUAGES, MAIL_PARTS, type TLanguage, type TMailPart } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';
import { seededParts, seededVersions, templateNames, type PartTexts, type TemplateText } from './templates.js';
import { writtenAt } from '@portal/service-common/clock';
import type { OutboxEvent } from '@portal/service-common/db/outbox';

export interface StoredVersion extends TemplateText { disabled: boolean; edited: boolean }
export interface StoredTemplate {
  name: string; senderAddress: string; senderName: string; toAddresses: string; bcc: string; updatedAt: Date | null;
  versions: Partial<Record<TLanguage, StoredVersion>>;
}

/**
 * System mail templates and common parts (global shard: operator-wide master data, like the plan
 * master). `sync` makes the stored templates follow the code: it inserts missing templates,
 * languages and parts, and updates a text nobody edited when the code's wording changed; an
 * operator's edit (`edited`) is never overwritten.
 */
@Injectable()
export class MailTemplatesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  private get global() {
    return this.db.client('global');
  }

  async sync(): Promise<void> {
    const names = templateNames();
    const versions = names.flatMap((name) => Object.entries(seededVersions(name)).map(([language, t]) => ({ name, language, ...t! })));
    const parts = LANGUAGES.flatMap((language) => Object.entries(seededParts(language)).map(([part, text]) => ({ part, language, text })));
    await this.global.$transaction([
      this.global.$executeRaw`INSERT INTO mail_templates (name) SELECT unnest(${[...names]}::text[]) ON CONFLICT (name) DO NOTHING`,
      this.global.$executeRaw`
        INSERT INTO mail_template_versions (template, language, subject, body)
        SELECT * FROM unnest(${versions.map((v) => v.name)}::text[], ${versions.map((v) => v.language)}::text[], ${versions.map((v) => v.subject)}::text[], ${versions.map((v) => v.body)}::text[])
        ON CONFLICT (template, language) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, updated_at = now()
        WHERE NOT mail_template_versions.edited AND (mail_template_versions.subject, mail_template_versions.body) IS DISTINCT FROM (EXCLUDED.subject, EXCLUDED.body)`,
      this.global.$executeRaw`
        INSERT INTO mail_parts (part, language, text)
        SELECT * FROM unnest(${parts.map((p) => p.part)}::text[], ${parts.map((p) => p.language)}::text[], ${parts.map((p) => p.text)}::text[])
        ON CONFLICT (part, language) DO UPDATE SET text = EXCLUDED.text, updated_at = now()
        WHERE NOT mail_parts.edited AND mail_parts.text IS DISTINCT FROM EXCLUDED.text`,
    ]);
  }

  async list(): Promise<StoredTemplate[]> {
    const rows = await this.global.mailTemplate.findMany({ include: { versions: true }, orderBy: { name: 'asc' } });
    return rows.map(toStored);
  }

  async get(name: string): Promise<StoredTemplate | null> {
    const row = await this.global.mailTemplate.findUnique({ where: { name }, include: { versions: true } });
    return row ? toStored(row) : null;
  }

  /** The template's new state, with its audit-log entry (issue 25) in the same transaction. */
  async update(name: string, input: { senderAddress: string; senderName: string; toAddresses: string; bcc: string; versions: Partial<Record<TLanguage, TemplateText & { disabled: boolean }>> }, entry: OutboxEvent): Promise<void> {
    const current = await this.get(name);
    await this.global.$transaction([
      this.global.mailTemplate.update({
        where: { name },
        data: { senderAddress: input.senderAddress, senderName: input.senderName, toAddresses: input.toAddresses, bcc: input.bcc, updatedAt: writtenAt() },
      }),
      // Only a version whose text or switch changed counts as the operator's (the sync leaves it alone from then on).
      ...Object.entries(input.versions).filter(([language, v]) => {
        const was = current?.versions[language as TLanguage];
        return !was || was.subject !== v!.subject || was.body !== v!.body || was.disabled !== v!.disabled;
      }).map(([language, v]) => this.global.mailTemplateVersion.upsert({
        where: { template_language: { template: name, language } },
        create: { template: name, language, subject: v!.subject, body: v!.body, disabled: v!.disabled, edited: true },
        update: { subject: v!.subject, body: v!.body, disabled: v!.disabled, edited: true, updatedAt: writtenAt() },
      })),
      this.outboxRow(entry),
    ]);
    this.db.kick('global');
  }

  private outboxRow(entry: OutboxEvent) {
    return this.global.outbox.create({ data: { subject: entry.subject, payload: entry.payload as object, headers: entry.headers } });
  }

  async parts(): Promise<Record<TMailPart, Partial<Record<TLanguage, string>>>> {
    const out = Object.fromEntries(MAIL_PARTS.map((p) => [p, {}])) as Record<TMailPart, Partial<Record<TLanguage, string>>>;
    for (const row of await this.global.mailPart.findMany()) {
      if ((MAIL_PARTS as readonly string[]).includes(row.part)) out[row.part as TMailPart][row.language as TLanguage] = row.text;
    }
    return out;
  }

  /** The common parts in one language (falling back per part like the versions do). */
  async partsIn(language: TLanguage, fallback: TLanguage): Promise<PartTexts> {
    const all = await this.parts();
    return Object.fromEntries(MAIL_PARTS.map((p) => [p, all[p][language] ?? all[p][fallback] ?? all[p]['en-us'] ?? ''])) as PartTexts;
  }

  async updatePart(part: TMailPart, language: TLanguage, text: string, entry: OutboxEvent): Promise<void> {
    await this.global.$transaction([
      this.global.mailPart.upsert({
        where: { part_language: { part, language } },
        create: { part, language, text, edited: true },
        update: { text, edited: true, updatedAt: writtenAt() },
      }),
      this.outboxRow(entry),
    ]);
    this.db.kick('global');
  }
}

function toStored(row: { name: string; senderAddress: string; senderName: string; toAddresses: string; bcc: string; updatedAt: Date | null; versions: { language: string; subject: string; body: string; disabled: boolean; edited: boolean }[] }): StoredTemplate {
  return {
    name: row.name, senderAddress: row.senderAddress, senderName: row.senderName, toAddresses: row.toAddresses, bcc: row.bcc, updatedAt: row.updatedAt,
    versions: Object.fromEntries(row.versions.map((v) => [v.language, { subject: v.subject, body: v.body, disabled: v.disabled, edited: v.edited }])),
  };
}
