import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, INTERNAL_ROUTES, LAW_PAGE_URL_ID, PRIVACY_POLICY_URL_ID, ZAgreementKind, ZLanguage, ZShard, ZTermsChange, textLanguages, type ApiReply, type ApiRequest,
  type TAgreementGiven, type TAgreementKind, type TLanguage, type TPrincipal, type TRegion, type TShard, type TTermsChange,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { Prisma } from '../generated/prisma/client.js';
import type { Tx } from '../db.js';
import { isBlankHtml, sanitizeRichText } from '@portal/service-common/rich-text';
import {
  AgreementsRepository, TermsRepository, TermsUrlsRepository, type AgreementVersions, type TermsRow, type TermsUrlRow,
} from './terms.repository.js';

const change = (row: TermsRow) => (row.change === null ? null : ZTermsChange.parse(row.change));
const summary = (row: TermsRow, currentVersion: number | undefined, names: ReadonlyMap<string, string>) => ({
  id: row.id, kind: ZAgreementKind.parse(row.kind), language: ZLanguage.parse(row.language), version: row.version,
  status: row.publishedAt ? 'published' as const : 'draft' as const, current: !!row.publishedAt && row.version === currentVersion,
  change: change(row), published_at: row.publishedAt?.toISOString() ?? null, published_by_name: row.publishedBy ? names.get(row.publishedBy) ?? null : null,
  created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
});
const urlView = (row: TermsUrlRow) => ({ id: row.id, title: row.title, url: row.url, updated_at: row.updatedAt.toISOString() });
/** The privacy policy's version: the UTC date of its last update, as yyyymmdd. */
export const privacyVersion = (updatedAt: Date) => Number(updatedAt.toISOString().slice(0, 10).replace(/-/g, ''));
/** The strongest of some changes (major over minor; null when none asks for agreement again). */
const strongest = (changes: (string | null)[]): TTermsChange | null => (changes.includes('major') ? 'major' : changes.includes('minor') ? 'minor' : null);

/** Where an account stands with one kind: the current version and the strongest change it has not agreed to. */
interface Standing {
  row: TermsRow;
  agreed: boolean;
  pending: TTermsChange | null;
}

/** Terms of use, terms-and-conditions URLs and agreements (slice B of issue 10). */
@Injectable()
export class TermsService {
  constructor(
    @Inject(TermsRepository) private readonly terms: TermsRepository,
    @Inject(TermsUrlsRepository) private readonly urls: TermsUrlsRepository,
    @Inject(AgreementsRepository) private readonly agreements: AgreementsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  // ---- operator: terms ----

  /** The display names of the operators who published some versions (identity answers an operator's own staff). */
  private async publishers(rows: TermsRow[]): Promise<Map<string, string>> {
    const uuids = [...new Set(rows.flatMap((r) => (r.publishedBy ? [r.publishedBy] : [])))];
    if (!uuids.length) return new Map();
    const { accounts } = await ask(this.transport, INTERNAL_ROUTES.accountNames, { uuids });
    return new Map(accounts.map((a) => [a.uuid, a.name]));
  }

  async list(query: ApiRequest<'termsList'>): Promise<ApiReply<'termsList'>> {
    const rows = await this.terms.list(query);
    const newest = new Map<string, number>();
    for (const r of rows) if (r.publishedAt) newest.set(`${r.kind}/${r.language}`, Math.max(newest.get(`${r.kind}/${r.language}`) ?? 0, r.version));
    const names = await this.publishers(rows);
    return { terms: rows.map((r) => summary(r, newest.get(`${r.kind}/${r.language}`), names)) };
  }

  private async detail(row: TermsRow): Promise<ApiReply<'termsGet'>> {
    const [current, previous] = await Promise.all([this.terms.current(row.language, ZAgreementKind.parse(row.kind)), this.terms.previous(row)]);
    const names = await this.publishers([row]);
    return {
      terms: { ...summary(row, current?.version, names), content_html: row.contentHtml },
      previous: previous ? { id: previous.id, version: previous.version, content_html: previous.contentHtml } : null,
    };
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

  /** A draft of the next version of a kind and language; a second draft of the same is refused. */
  async create(input: ApiRequest<'termsCreate'>): Promise<ApiReply<'termsCreate'>> {
    const html = this.clean(input.content_html);
    try {
      const row = await this.uow.run('global', (tx) => this.terms.createDraft(tx, input.kind, input.language, html));
      return this.detail(row);
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw ServiceError.form({ language: [{ key: 'terms.draft_exists' }] });
      throw err;
    }
  }

  /** Edits a draft; a published version is refused, never rewritten. */
  async update(input: ApiRequest<'termsUpdate'>): Promise<ApiReply<'termsUpdate'>> {
    const html = this.clean(input.content_html);
    const row = await this.uow.run('global', (tx) => this.terms.updateDraft(tx, input.id, html));
    if (!row) {
      const existing = await this.terms.find(input.id);
      throw ServiceError.form(existing ? { content_html: [{ key: 'terms.published_locked' }] } : { id: [{ key: 'terms.not_found' }] });
    }
    return this.detail(row);
  }

  /**
   * Publishes a draft as the current version, with its operation-log entry in the same
   * transaction. The first version of a kind and language records no change (nobody agreed to
   * an earlier one); later ones are major (asked at the next login) or minor (at the next start).
   */
  async publish(principal: TPrincipal, input: ApiRequest<'termsPublish'>): Promise<ApiReply<'termsPublish'>> {
    const draft = await this.terms.find(input.id);
    if (!draft) throw ServiceError.form({ id: [{ key: 'terms.not_found' }] });
    const first = !(await this.terms.previous(draft));
    const row = await this.uow.run('global', async (tx) => {
      const published = await this.terms.publish(tx, input.id, first ? null : input.change, principal.account_uuid);
      if (!published) return null;
      await recordOperation(tx, {
        shard: 'global', clientUuid: null, accountUuid: null, operation: 'terms.version_published',
        detail: { document: published.kind, language: published.language, version: published.version, change: published.change, terms_id: published.id },
      });
      return published;
    });
    if (!row) throw ServiceError.form({ id: [{ key: 'terms.not_draft' }] });
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

  /** Issue 25: each change of a legal page's address reaches the audit log with it (no client: back office). */
  async urlCreate(input: ApiRequest<'termsUrlCreate'>): Promise<ApiReply<'termsUrlCreate'>> {
    const row = await this.uow.run('global', async (tx) => {
      const created = await this.urls.create(tx, input.title, input.url);
      await recordOperation(tx, {
        shard: 'global', clientUuid: null, accountUuid: null, operation: 'terms_url_created',
        detail: { after: { page_title: created.title, url: created.url } }, target: { type: 'terms', id: created.id },
      });
      return created;
    });
    return { terms_url: urlView(row) };
  }

  async urlUpdate(input: ApiRequest<'termsUrlUpdate'>): Promise<ApiReply<'termsUrlUpdate'>> {
    const row = await this.uow.run('global', async (tx) => {
      const before = await this.urls.findIn(tx, input.id);
      const updated = await this.urls.update(tx, input.id, input.title, input.url);
      if (before && updated && (before.title !== updated.title || before.url !== updated.url)) {
        await recordOperation(tx, {
          shard: 'global', clientUuid: null, accountUuid: null, operation: 'terms_url_changed',
          detail: { before: { page_title: before.title, url: before.url }, after: { page_title: updated.title, url: updated.url } }, target: { type: 'terms', id: updated.id },
        });
      }
      return updated;
    });
    if (!row) throw ServiceError.form({ id: [{ key: 'terms_url.not_found' }] });
    return { terms_url: urlView(row) };
  }

  // ---- clients and visitors ----

  /**
   * The current version of a kind a visitor of `language` in `region` reads: that language's, else
   * by proto's one fallback rule (English outside Japan, never Japanese; issue 22). None: null.
   */
  async currentTerms(language: TLanguage, region: TRegion | TShard, kind: TAgreementKind = 'terms'): Promise<TermsRow | null> {
    for (const l of textLanguages(language, region)) {
      const row = await this.terms.current(l, kind);
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
    const [row, privacyText, privacy] = await Promise.all([
      this.currentTerms(language, region), this.currentTerms(language, region, 'privacy'), this.urls.find(PRIVACY_POLICY_URL_ID),
    ]);
    return {
      language,
      terms: row ? { language: row.language, version: row.version, id: row.id } : null,
      privacy: privacyText ? { version: privacyText.version, id: privacyText.id, language: privacyText.language }
        : privacy ? { version: privacyVersion(privacy.updatedAt) } : null,
    };
  }

  /**
   * Where the account stands with the current version of a kind: agreed to it, and the strongest
   * change published since the version it agreed to. The first version of a language is agreed to
   * at signup, so an account that never agreed is asked only about changes (versions with one).
   */
  private async standing(principal: TPrincipal, kind: TAgreementKind): Promise<Standing | null> {
    const row = await this.currentTerms(principal.language, principal.region, kind);
    if (!row) return null;
    const agreed = await this.agreements.latest(ZShard.parse(principal.home_shard), principal.account_uuid, kind, row.language, kind === 'privacy');
    const version = agreed?.version ?? 0;
    if (version >= row.version) return { row, agreed: true, pending: null };
    const since = await this.terms.publishedBetween(kind, row.language, version, row.version);
    return { row, agreed: false, pending: strongest(since.map((v) => v.change)) };
  }

  /** GET /client/agreement_info: the current terms and privacy policy, whether the caller agreed to them, and what is pending. */
  async agreementInfo(principal: TPrincipal): Promise<ApiReply<'agreementInfo'>> {
    const shard: TShard = ZShard.parse(principal.home_shard);
    const [terms, privacyText, privacyUrl] = await Promise.all([this.standing(principal, 'terms'), this.standing(principal, 'privacy'), this.urls.find(PRIVACY_POLICY_URL_ID)]);
    let privacy: NonNullable<ApiReply<'agreementInfo'>['privacy']> | null = null;
    if (privacyText) {
      privacy = {
        title: privacyUrl?.title ?? '', url: privacyUrl?.url ?? '', version: privacyText.row.version, agreed: privacyText.agreed, pending: privacyText.pending, has_text: true,
      };
    } else if (privacyUrl) {
      // Only an address: its date version, agreed as before; a change to ask about again is a versioned text.
      const agreedPrivacy = await this.agreements.latest(shard, principal.account_uuid, 'privacy');
      const version = privacyVersion(privacyUrl.updatedAt);
      privacy = { title: privacyUrl.title, url: privacyUrl.url, version, agreed: !!agreedPrivacy && agreedPrivacy.version >= version, pending: null, has_text: false };
    }
    const termsInfo = terms ? {
      language: ZLanguage.parse(terms.row.language), version: terms.row.version, updated_at: (terms.row.publishedAt ?? terms.row.updatedAt).toISOString(),
      agreed: terms.agreed, pending: terms.pending,
    } : null;
    const pending = [termsInfo?.pending ?? null, privacy?.pending ?? null];
    return { terms: termsInfo, privacy, required: pending.some((p) => p !== null), login_required: pending.includes('major') };
  }

  /** GET /client/agreement_document: the current text of a kind and the text the caller last agreed to. */
  async agreementDocument(principal: TPrincipal, query: ApiRequest<'agreementDocument'>): Promise<ApiReply<'agreementDocument'>> {
    const row = await this.currentTerms(principal.language, principal.region, query.kind);
    if (!row) return { current: null, agreed: null };
    const shard = ZShard.parse(principal.home_shard);
    const agreedRow = await this.agreements.latest(shard, principal.account_uuid, query.kind, row.language, query.kind === 'privacy');
    const agreedText = agreedRow ? await this.terms.version(query.kind, row.language, agreedRow.version) : null;
    return {
      current: {
        id: row.id, kind: query.kind, language: ZLanguage.parse(row.language), version: row.version, change: change(row),
        published_at: row.publishedAt?.toISOString() ?? null, content_html: row.contentHtml,
      },
      agreed: agreedText?.publishedAt ? { version: agreedText.version, content_html: agreedText.contentHtml } : null,
    };
  }

  /**
   * Issue 25: the check before a plan application or a trial/free start. When a change is pending
   * for the account, the request must name the current version it was shown: else it is refused
   * (`terms.agreement_required`), or `terms.version_changed` when a newer one was published meanwhile.
   */
  async requireAgreed(principal: TPrincipal, given: { terms_version?: number; privacy_version?: number }): Promise<void> {
    const [terms, privacy] = await Promise.all([this.standing(principal, 'terms'), this.standing(principal, 'privacy')]);
    const check = (standing: Standing | null, version: number | undefined, field: 'terms_version' | 'privacy_version') => {
      if (version !== undefined && standing && version !== standing.row.version) throw this.refusal('terms.version_changed', field);
      if (standing?.pending && version === undefined) throw this.refusal('terms.agreement_required', field);
    };
    check(terms, given.terms_version, 'terms_version');
    check(privacy, given.privacy_version, 'privacy_version');
  }

  private refusal(key: string, field: string): ServiceError {
    return new ServiceError(AccessCode.FORM_ERROR, key, undefined, { terms_agreed: [{ key }], [field]: [{ key }] });
  }

  /** POST /client/agreement: the caller agrees to the current versions it was shown (occasion `update`). */
  async agree(principal: TPrincipal, input: ApiRequest<'agreementGive'>): Promise<ApiReply<'agreementGive'>> {
    // The policy admits client accounts only, which always have a client.
    if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const clientUuid = principal.client_uuid;
    const [terms, privacy] = await Promise.all([this.standing(principal, 'terms'), this.standing(principal, 'privacy')]);
    const kinds: TAgreementKind[] = [];
    for (const [kind, standing, version, field] of [['terms', terms, input.terms_version, 'terms_version'], ['privacy', privacy, input.privacy_version, 'privacy_version']] as const) {
      if (version === undefined) continue;
      if (!standing || standing.row.version !== version) throw this.refusal('terms.version_changed', field);
      if (!standing.agreed) kinds.push(kind);
    }
    if (kinds.length === 0 && input.terms_version === undefined && input.privacy_version === undefined) {
      throw ServiceError.form({ terms_version: [{ key: 'terms.nothing_to_agree' }] });
    }
    if (kinds.length) {
      const versions: AgreementVersions = {
        language: principal.language,
        terms: terms ? { language: terms.row.language, version: terms.row.version, id: terms.row.id } : null,
        privacy: privacy ? { language: privacy.row.language, version: privacy.row.version, id: privacy.row.id } : null,
      };
      await this.uow.run(ZShard.parse(principal.home_shard), (tx) => this.agreements.record(tx, { clientUuid, accountUuid: principal.account_uuid, occasion: 'update', kinds, versions }));
    }
    return this.agreementInfo(principal);
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
