import { Inject, Injectable } from '@nestjs/common';
import type { TAgreementKind, TAgreementOccasion, TLanguage, TShard, TTermsChange } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb, Tx } from '../db.js';
import type { AgreementModel, TermsModel, TermsUrlModel } from '../generated/prisma/models.js';
import { writtenAt } from '@portal/service-common/clock';

export type TermsRow = TermsModel;
export type TermsUrlRow = TermsUrlModel;

/**
 * Terms of use and privacy-policy texts per kind, language and version (global shard). A published
 * version is never rewritten (issue 25): only a draft (published_at null, one per kind and
 * language) changes, and publishing it makes it current.
 */
@Injectable()
export class TermsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  list(filter: { kind?: TAgreementKind; language?: TLanguage }): Promise<TermsRow[]> {
    return this.db.client('global').terms.findMany({
      where: { ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.language ? { language: filter.language } : {}) },
      orderBy: [{ kind: 'desc' }, { language: 'asc' }, { version: 'desc' }],
    });
  }

  find(id: string): Promise<TermsRow | null> {
    return this.db.client('global').terms.findUnique({ where: { id } });
  }

  /** The newest published version of a kind and language (the current one). */
  current(language: string, kind: TAgreementKind = 'terms'): Promise<TermsRow | null> {
    return this.db.client('global').terms.findFirst({ where: { kind, language, publishedAt: { not: null } }, orderBy: { version: 'desc' } });
  }

  /** The published version before `version` of a kind and language (for the diff). */
  previous(row: Pick<TermsRow, 'kind' | 'language' | 'version'>): Promise<TermsRow | null> {
    return this.db.client('global').terms.findFirst({
      where: { kind: row.kind, language: row.language, version: { lt: row.version }, publishedAt: { not: null } }, orderBy: { version: 'desc' },
    });
  }

  /** One version of a kind and language. */
  version(kind: string, language: string, version: number): Promise<TermsRow | null> {
    return this.db.client('global').terms.findUnique({ where: { kind_language_version: { kind, language, version } } });
  }

  /** The published versions of a kind and language after `version`, up to and with `upTo` (what an account has not agreed to). */
  publishedBetween(kind: TAgreementKind, language: string, after: number, upTo: number): Promise<Pick<TermsRow, 'version' | 'change'>[]> {
    return this.db.client('global').terms.findMany({
      where: { kind, language, version: { gt: after, lte: upTo }, publishedAt: { not: null } }, select: { version: true, change: true },
    });
  }

  /**
   * A draft of the next version of a kind and language. A second draft of the same kind and
   * language, or a concurrent one, fails on a unique index (the caller refuses it).
   */
  async createDraft(tx: Tx, kind: TAgreementKind, language: TLanguage, contentHtml: string): Promise<TermsRow> {
    const last = await tx.terms.aggregate({ where: { kind, language }, _max: { version: true } });
    return tx.terms.create({ data: { kind, language, version: (last._max.version ?? 0) + 1, contentHtml } });
  }

  /** A draft's text; null when it is gone or published (published versions are never rewritten). */
  async updateDraft(tx: Tx, id: string, contentHtml: string): Promise<TermsRow | null> {
    const written = await tx.terms.updateMany({ where: { id, publishedAt: null }, data: { contentHtml, updatedAt: writtenAt() } });
    return written.count === 1 ? tx.terms.findUnique({ where: { id } }) : null;
  }

  /** Publishes a draft (null when it is gone or already published, e.g. a concurrent publish). */
  async publish(tx: Tx, id: string, change: TTermsChange | null, by: string): Promise<TermsRow | null> {
    const now = writtenAt();
    const written = await tx.terms.updateMany({ where: { id, publishedAt: null }, data: { publishedAt: now, change, publishedBy: by, updatedAt: now } });
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

  /** The row as the transaction sees it (what an update changes, for its log entry). */
  findIn(tx: Tx, id: string): Promise<TermsUrlRow | null> {
    return tx.termsUrl.findUnique({ where: { id } });
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
  terms: { language: string; version: number; id?: string } | null;
  /** With `id` and `language` when the privacy policy has a versioned text (issue 25); else its address's date version. */
  privacy: { version: number; id?: string; language?: string } | null;
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
      const { terms, privacy } = entry.versions;
      if (kind === 'terms' && terms) return [{ ...base, language: terms.language, version: terms.version, termsId: terms.id ?? null }];
      if (kind === 'privacy' && privacy) {
        return [{ ...base, language: privacy.language ?? terms?.language ?? entry.versions.language, version: privacy.version, termsId: privacy.id ?? null }];
      }
      return [];
    });
    if (rows.length === 0) return 0;
    return (await tx.agreement.createMany({ data: rows })).count;
  }

  /**
   * The account's newest agreement of a kind (any language for privacy; the given language for
   * terms). `versioned`: only agreements to a versioned text (the privacy policy's address had
   * date versions, which do not compare with a text's version numbers).
   */
  latest(shard: TShard, accountUuid: string, kind: TAgreementKind, language?: string, versioned = false): Promise<AgreementModel | null> {
    return this.db.client(shard).agreement.findFirst({
      where: { accountUuid, kind, ...(language ? { language } : {}), ...(versioned ? { termsId: { not: null } } : {}) },
      orderBy: [{ version: 'desc' }, { agreedAt: 'desc' }],
    });
  }
}
