import { Inject, Injectable } from '@nestjs/common';
import {
  LAW_PAGE_URL_ID, PRIVACY_POLICY_URL_ID, ZLanguage, ZShard, textLanguages, type ApiReply, type ApiRequest, type TAgreementGiven, type TLanguage, type TPrincipal,
  type TRegion, type TShard,
} from '@portal/proto';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx } from '../db.js';
import { isBlankHtml, sanitizeRichText } from '@portal/service-common/rich-text';
import {
  AgreementsRepository, TermsRepository, TermsUrlsRepository, type AgreementVersions, type TermsRow, type TermsUrlRow,
} from './terms.repository.js';

const summary = (row: TermsRow, currentVersion: number | undefined) => ({
  id: row.id, language: ZLanguage.parse(row.language), version: row.version, current: row.version === currentVersion,
  created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
});
const urlView = (row: TermsUrlRow) => ({ id: row.id, title: row.title, url: row.url, updated_at: row.updatedAt.toISOString() });
/** The privacy policy's version: the UTC date of its last update, as yyyymmdd. */
export const privacyVersion = (updatedAt: Date) => Number(updatedAt.toISOString().slice(0, 10).replace(/-/g, ''));

/** Terms of use, terms-and-conditions URLs and agreements (slice B of issue 10). */
@Injectable()
export class TermsService {
  constructor(
    @Inject(TermsRepository) private readonly terms: TermsRepository,
    @Inject(TermsUrlsRepository) private readonly urls: TermsUrlsRepository,
    @Inject(AgreementsRepository) private readonly agreements: AgreementsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  // ---- operator: terms ----

  async list(query: ApiRequest<'termsList'>): Promise<ApiReply<'termsList'>> {
    const rows = await this.terms.list(query.language);
    const newest = new Map<string, number>();
    for (const r of rows) newest.set(r.language, Math.max(newest.get(r.language) ?? 0, r.version));
    return { terms: rows.map((r) => summary(r, newest.get(r.language))) };
  }

  private async detail(row: TermsRow): Promise<ApiReply<'termsGet'>> {
    const current = await this.terms.current(row.language);
    return { terms: { ...summary(row, current?.version), content_html: row.contentHtml } };
  }

  async get(id: string): Promise<ApiReply<'termsGet'>> {
    const row = await this.terms.find(id);
    if (!row) throw ServiceError.form({ id: [{ key: 'terms.not_found' }] });
    return this.detail(row);
  }

  private clean(html: string): string {
    const clean = sanitizeRichText(html);
    if (isBlankHtml(clean)) throw ServiceError.form({ content_html: [{ key: 'terms.empty' }] });
    return clean;
  }

  /** A new version of a language; a concurrent publish of the same language takes the next number. */
  async create(input: ApiRequest<'termsCreate'>): Promise<ApiReply<'termsCreate'>> {
    const html = this.clean(input.content_html);
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.uow.run('global', (tx) => this.terms.publish(tx, input.language, html));
        return this.detail(row);
      } catch (err) {
        if (attempt < 3 && err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') continue;
        throw err;
      }
    }
  }

  async update(input: ApiRequest<'termsUpdate'>): Promise<ApiReply<'termsUpdate'>> {
    const html = this.clean(input.content_html);
    const row = await this.uow.run('global', (tx) => this.terms.updateContent(tx, input.id, html));
    if (!row) throw ServiceError.form({ id: [{ key: 'terms.not_found' }] });
    return this.detail(row);
  }

  // ---- operator: terms-and-conditions URLs ----

  /** Issue 22: GET /v1/user-auth's `sidebar_law_url`: the law page's address ('' when its entry is gone). */
  async lawUrl(): Promise<{ url: string }> {
    return { url: (await this.urls.find(LAW_PAGE_URL_ID))?.url ?? '' };
  }

  async urlList(): Promise<ApiReply<'termsUrlList'>> {
    return { terms_urls: (await this.urls.list()).map(urlView) };
  }

  async urlCreate(input: ApiRequest<'termsUrlCreate'>): Promise<ApiReply<'termsUrlCreate'>> {
    return { terms_url: urlView(await this.uow.run('global', (tx) => this.urls.create(tx, input.title, input.url))) };
  }

  async urlUpdate(input: ApiRequest<'termsUrlUpdate'>): Promise<ApiReply<'termsUrlUpdate'>> {
    const row = await this.uow.run('global', (tx) => this.urls.update(tx, input.id, input.title, input.url));
    if (!row) throw ServiceError.form({ id: [{ key: 'terms_url.not_found' }] });
    return { terms_url: urlView(row) };
  }

  // ---- clients and visitors ----

  /**
   * The current terms a visitor of `language` in `region` reads: that language's, else by proto's
   * one fallback rule (English outside Japan, never Japanese; issue 22). None: null.
   */
  async currentTerms(language: TLanguage, region: TRegion | TShard): Promise<TermsRow | null> {
    for (const l of textLanguages(language, region)) {
      const row = await this.terms.current(l);
      if (row) return row;
    }
    return null;
  }

  async publicTerms(language: TLanguage, region: TRegion | TShard): Promise<ApiReply<'termsPublic'>> {
    const [row, privacy] = await Promise.all([this.currentTerms(language, region), this.urls.find(PRIVACY_POLICY_URL_ID)]);
    return {
      terms: row ? { language: ZLanguage.parse(row.language), version: row.version, content_html: row.contentHtml, updated_at: row.updatedAt.toISOString() } : null,
      privacy_url: privacy?.url ?? null,
    };
  }

  /** The versions an account agrees to now, in `language` (what writers pass to AgreementsRepository.record). */
  async versionsFor(language: TLanguage, region: TRegion | TShard): Promise<AgreementVersions> {
    const [row, privacy] = await Promise.all([this.currentTerms(language, region), this.urls.find(PRIVACY_POLICY_URL_ID)]);
    return {
      language,
      terms: row ? { language: row.language, version: row.version } : null,
      privacy: privacy ? { version: privacyVersion(privacy.updatedAt) } : null,
    };
  }

  /** GET /client/agreement_info: the current terms and privacy policy, and whether the caller agreed to them. */
  async agreementInfo(principal: TPrincipal): Promise<ApiReply<'agreementInfo'>> {
    const shard: TShard = ZShard.parse(principal.home_shard);
    const [row, privacy] = await Promise.all([this.currentTerms(principal.language, principal.region), this.urls.find(PRIVACY_POLICY_URL_ID)]);
    const [agreedTerms, agreedPrivacy] = await Promise.all([
      row ? this.agreements.latest(shard, principal.account_uuid, 'terms', row.language) : null,
      privacy ? this.agreements.latest(shard, principal.account_uuid, 'privacy') : null,
    ]);
    const terms = row ? {
      language: ZLanguage.parse(row.language), version: row.version, updated_at: row.updatedAt.toISOString(), agreed: !!agreedTerms && agreedTerms.version >= row.version,
    } : null;
    const privacyInfo = privacy ? {
      title: privacy.title, url: privacy.url, version: privacyVersion(privacy.updatedAt), agreed: !!agreedPrivacy && agreedPrivacy.version >= privacyVersion(privacy.updatedAt),
    } : null;
    return { terms, privacy: privacyInfo, required: (!!terms && !terms.agreed) || (!!privacyInfo && !privacyInfo.agreed) };
  }

  /** identity's agreement event (signup, invitation): record the versions current at that moment, once. */
  async recordGiven(shard: TShard, event: TAgreementGiven, msgId: string): Promise<void> {
    const versions = await this.versionsFor(event.language, shard);
    await this.uow.once(shard, 'licence-agreement-given', msgId, async (tx) => {
      await this.agreements.record(tx, {
        clientUuid: event.client_uuid, accountUuid: event.account_uuid, occasion: event.occasion, kinds: event.kinds, versions, agreedAt: new Date(event.agreed_at),
      });
    });
  }
}
