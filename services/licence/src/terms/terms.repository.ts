import { Inject, Injectable } from '@nestjs/common';
import type { TAgreementKind, TAgreementOccasion, TLanguage, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb, Tx } from '../db.js';
import type { AgreementModel, TermsModel, TermsUrlModel } from '../generated/prisma/models.js';
import { writtenAt } from '@portal/service-common/clock';

export type TermsRow = TermsModel;
export type TermsUrlRow = TermsUrlModel;

/** Terms of use per language and version (global shard). */
@Injectable()
export class TermsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  list(language?: TLanguage): Promise<TermsRow[]> {
    return this.db.client('global').terms.findMany({ where: language ? { language } : {}, orderBy: [{ language: 'asc' }, { version: 'desc' }] });
  }

  find(id: string): Promise<TermsRow | null> {
    return this.db.client('global').terms.findUnique({ where: { id } });
  }

  /** The newest version of a language (the current terms). */
  current(language: string): Promise<TermsRow | null> {
    return this.db.client('global').terms.findFirst({ where: { language }, orderBy: { version: 'desc' } });
  }

  /** Adds the next version of a language (a concurrent publish of the same language fails on the unique key). */
  async publish(tx: Tx, language: TLanguage, contentHtml: string): Promise<TermsRow> {
    const last = await tx.terms.aggregate({ where: { language }, _max: { version: true } });
    return tx.terms.create({ data: { language, version: (last._max.version ?? 0) + 1, contentHtml } });
  }

  async updateContent(tx: Tx, id: string, contentHtml: string): Promise<TermsRow | null> {
    const written = await tx.terms.updateMany({ where: { id }, data: { contentHtml, updatedAt: writtenAt() } });
    return written.count === 1 ? tx.terms.findUnique({ where: { id } }) : null;
  }
}

/** Terms-and-conditions URLs (global shard). */
@Injectable()
export class TermsUrlsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  list(): Promise<TermsUrlRow[]> {
    return this.db.client('global').termsUrl.findMany({ orderBy: [{ title: 'asc' }, { id: 'asc' }] });
  }

  find(id: string): Promise<TermsUrlRow | null> {
    return this.db.client('global').termsUrl.findUnique({ where: { id } });
  }

  create(tx: Tx, title: string, url: string): Promise<TermsUrlRow> {
    return tx.termsUrl.create({ data: { title, url } });
  }

  async update(tx: Tx, id: string, title: string, url: string): Promise<TermsUrlRow | null> {
    const written = await tx.termsUrl.updateMany({ where: { id }, data: { title, url, updatedAt: writtenAt() } });
    return written.count === 1 ? tx.termsUrl.findUnique({ where: { id } }) : null;
  }
}

/** The versions an agreement is given to (AgreementsService.versionsFor answers them). */
export interface AgreementVersions {
  /** The language the account read in (the privacy policy's agreement row records it when no terms are current). */
  language: string;
  terms: { language: string; version: number } | null;
  privacy: { version: number } | null;
}

export interface AgreementEntry {
  clientUuid: string;
  accountUuid: string;
  occasion: TAgreementOccasion;
  /** What was agreed to (a kind without a current version is skipped). */
  kinds: readonly TAgreementKind[];
  versions: AgreementVersions;
  agreedAt?: Date;
}

/**
 * Agreements (region shards): who agreed to which version of the terms and the privacy policy,
 * when, and where (signup, invitation, free start, plan application). Signup and invitation
 * acceptance are recorded here from identity's event; the free start (slice A) and the plan
 * application (slice C) call `record` in their own unit of work, with `AgreementsService.versionsFor`.
 */
@Injectable()
export class AgreementsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  async record(tx: Tx, entry: AgreementEntry): Promise<number> {
    const rows = entry.kinds.flatMap((kind) => {
      const agreedAt = entry.agreedAt ?? writtenAt();
      const base = { clientUuid: entry.clientUuid, accountUuid: entry.accountUuid, kind, occasion: entry.occasion, agreedAt };
      if (kind === 'terms' && entry.versions.terms) return [{ ...base, language: entry.versions.terms.language, version: entry.versions.terms.version }];
      if (kind === 'privacy' && entry.versions.privacy) return [{ ...base, language: entry.versions.terms?.language ?? entry.versions.language, version: entry.versions.privacy.version }];
      return [];
    });
    if (rows.length === 0) return 0;
    return (await tx.agreement.createMany({ data: rows })).count;
  }

  /** The account's newest agreement of a kind (any language for privacy; the given language for terms). */
  latest(shard: TShard, accountUuid: string, kind: TAgreementKind, language?: string): Promise<AgreementModel | null> {
    return this.db.client(shard).agreement.findFirst({
      where: { accountUuid, kind, ...(language ? { language } : {}) },
      orderBy: [{ version: 'desc' }, { agreedAt: 'desc' }],
    });
  }
}
