import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 25 point 3 over NATS and PostgreSQL: editing published terms makes a new version (the old
 * text stays), a major change asks every account at its next login, a minor one only at the next
 * plan or trial start (refused on the server without it), agreements carry the version, and the
 * operator lists the versions with who published them and the previous text for the diff.
 */
describe('terms versions (issue 25 point 3)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let owner: Agent;
  let ownerUuid: string;

  const termsRow = async (version: number, kind = 'terms') => (await portal.db.query<{ content_html: string; published_at: Date | null; change: string | null }>(
    "SELECT content_html, published_at, change FROM global_licence.terms WHERE kind = $1 AND language = 'ja-jp' AND version = $2", [kind, version]))[0];
  const agreements = (kind: string) => portal.db.query<{ version: number; occasion: string; terms_id: string | null }>(
    'SELECT version, occasion, terms_id FROM jpn_licence.agreements WHERE account_uuid = $1 AND kind = $2 ORDER BY agreed_at, version', [ownerUuid, kind]);
  const draft = (content: string, kind = 'terms') => operator.call('POST', '/v1/operator/terms', { kind, language: 'ja-jp', content_html: content });

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    // A company that signs up now agrees to the current terms (version 1) and the privacy policy.
    owner = new Agent(portal);
    const email = 'versions-owner@example.jp';
    await owner.call('POST', '/v1/signup/temporary', { email, terms_agreed: true });
    const token = (await mailTo(portal, email, /signup\//)).text.match(/signup\/([\w-]+)\/1/)![1]!;
    const done = await owner.call('POST', '/v1/client/register', {
      access_token: token, company_name: '改定商事株式会社', phone: '03-1234-5678', family_name: '改定', given_name: '太郎',
      password: 'Versions#2026x', password_confirm: 'Versions#2026x', terms_agreed: true, privacy_agreed: true,
      position: 'manager', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '11-30', budget: 'yen_1m_10m',
    });
    expect(done.body.result.access_status.code).toBe(20000);
    await portal.settle();
    ownerUuid = (await portal.db.query<{ uuid: string }>('SELECT uuid FROM jpn_identity.accounts WHERE email = $1', [email]))[0]!.uuid;
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('edits a new version as a draft, leaves the published text intact, and publishes it with who and when', async () => {
    const v1 = (await termsRow(1))!;
    expect((await owner.call('GET', '/v1/client/agreement_info')).body.result).toMatchObject({ required: false, login_required: false, terms: { version: 1, agreed: true, pending: null } });

    const created = await draft('<p>第1条 本規約は改定されます。</p>');
    expect(created.status).toBe(200);
    expect(created.body.result.terms).toMatchObject({ kind: 'terms', language: 'ja-jp', version: 2, status: 'draft', current: false, published_at: null });
    expect(created.body.result.previous).toMatchObject({ version: 1, content_html: v1.content_html });
    const id = created.body.result.terms.id as string;
    // A draft is not what clients read, and a second draft of the same language is refused.
    expect((await new Agent(portal).call('GET', '/v1/terms')).body.result.terms).toMatchObject({ version: 1, content_html: v1.content_html });
    const second = await draft('<p>別の下書き</p>');
    expect(second.status).toBe(422);
    expect(second.body.result.errors.language).toEqual([renderMessage('ja-jp', 'terms.draft_exists')]);
    // The draft can be edited.
    expect((await operator.call('PUT', '/v1/operator/terms', { id, content_html: '<p>第1条 本規約は改定されました。</p>' })).body.result.terms).toMatchObject({ version: 2, status: 'draft' });

    const published = await operator.call('POST', '/v1/operator/terms/publish', { id, change: 'minor' });
    expect(published.status).toBe(200);
    expect(published.body.result.terms).toMatchObject({ version: 2, status: 'published', current: true, change: 'minor', published_by_name: expect.stringMatching(/\S/) });
    expect(published.body.result.terms.published_at).toEqual(expect.any(String));
    // Publishing twice is refused; a published version is never rewritten.
    expect((await operator.call('POST', '/v1/operator/terms/publish', { id, change: 'major' })).body.result.errors.id).toEqual([renderMessage('ja-jp', 'terms.not_draft')]);
    const locked = await operator.call('PUT', '/v1/operator/terms', { id, content_html: '<p>書き換え</p>' });
    expect(locked.status).toBe(422);
    expect(locked.body.result.errors.content_html).toEqual([renderMessage('ja-jp', 'terms.published_locked')]);
    const v1Put = await operator.call('PUT', '/v1/operator/terms', { id: (await operator.call('GET', '/v1/operator/terms?kind=terms&language=ja-jp')).body.result.terms.at(-1).id, content_html: '<p>x</p>' });
    expect(v1Put.status).toBe(422);
    expect((await termsRow(1))!.content_html).toBe(v1.content_html);
    expect((await termsRow(2))!).toMatchObject({ content_html: '<p>第1条 本規約は改定されました。</p>', change: 'minor' });
    expect((await new Agent(portal).call('GET', '/v1/terms')).body.result.terms).toMatchObject({ version: 2, content_html: '<p>第1条 本規約は改定されました。</p>' });

    // Only operators publish.
    expect((await owner.call('POST', '/v1/operator/terms/publish', { id, change: 'minor' })).status).toBe(403);
    expect((await owner.call('POST', '/v1/operator/terms', { kind: 'terms', language: 'ja-jp', content_html: '<p>x</p>' })).status).toBe(403);

    // The audit trail: one entry, with the version and the change.
    await portal.settle();
    const log = await portal.db.query<{ detail: Record<string, unknown>; client_uuid: string }>(
      "SELECT detail, client_uuid FROM global_usage_log.operation_logs WHERE operation = 'terms.version_published'");
    expect(log).toHaveLength(1);
    expect(log[0]!.detail).toMatchObject({ document: 'terms', language: 'ja-jp', version: 2, change: 'minor', terms_id: id });
  });

  it('lists the versions per kind and language with the change and who published, and the previous text for the diff', async () => {
    const list = (await operator.call('GET', '/v1/operator/terms?kind=terms&language=ja-jp')).body.result.terms;
    expect(list.map((t: { version: number; status: string; current: boolean; change: string | null }) => [t.version, t.status, t.current, t.change]))
      .toEqual([[2, 'published', true, 'minor'], [1, 'published', false, null]]);
    expect(list[0].published_by_name).toEqual(list[0].published_by_name.trim());
    expect(list[0].published_by_name.length).toBeGreaterThan(0);
    const detail = (await operator.call('GET', `/v1/operator/terms/detail?id=${list[0].id}`)).body.result;
    expect(detail.previous).toMatchObject({ version: 1, content_html: (await termsRow(1))!.content_html });
    expect(detail.terms.content_html).toBe('<p>第1条 本規約は改定されました。</p>');
    // Other kinds are listed apart.
    expect((await operator.call('GET', '/v1/operator/terms?kind=privacy')).body.result.terms).toEqual([]);
    expect((await owner.call('GET', '/v1/operator/terms')).status).toBe(403);
  });

  it('asks for a minor change only at a plan or trial start, and the server refuses the start without it', async () => {
    const info = (await owner.call('GET', '/v1/client/agreement_info')).body.result;
    expect(info).toMatchObject({ required: true, login_required: false, terms: { version: 2, agreed: false, pending: 'minor' } });

    const refused = await owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true });
    expect(refused.status).toBe(422);
    expect(refused.body.result.errors.terms_agreed).toEqual([renderMessage('ja-jp', 'terms.agreement_required')]);
    const stale = await owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true, terms_version: 1 });
    expect(stale.body.result.errors.terms_agreed).toEqual([renderMessage('ja-jp', 'terms.version_changed')]);
    await portal.settle();
    expect(await portal.db.query("SELECT 1 FROM jpn_licence.licences l JOIN jpn_identity.accounts a ON a.tenant_uuid = l.client_uuid WHERE a.uuid = $1 AND l.product = 'bownow'", [ownerUuid])).toEqual([]);

    const started = await owner.call('POST', '/v1/product/start', { product: 'bownow', kind: 'trial', terms_agreed: true, terms_version: 2 });
    expect(started.status).toBe(200);
    const rows = await agreements('terms');
    expect(rows.at(-1)).toMatchObject({ version: 2, occasion: 'free_start', terms_id: expect.any(String) });
    expect((await owner.call('GET', '/v1/client/agreement_info')).body.result).toMatchObject({ required: false, login_required: false, terms: { version: 2, agreed: true, pending: null } });
  });

  it('asks every account at its next login after a major change, shows the agreed and the new text, and records the agreement with the version', async () => {
    const v3 = await draft('<p>第1条 本規約は全面的に改定されました。</p><p>第2条 新設。</p>');
    await operator.call('POST', '/v1/operator/terms/publish', { id: v3.body.result.terms.id, change: 'major' });

    const again = new Agent(portal);
    await again.login('versions-owner@example.jp', 'Versions#2026x');
    const info = (await again.call('GET', '/v1/client/agreement_info')).body.result;
    expect(info).toMatchObject({ required: true, login_required: true, terms: { version: 3, agreed: false, pending: 'major' } });
    const document = (await again.call('GET', '/v1/client/agreement_document?kind=terms')).body.result;
    expect(document.current).toMatchObject({ version: 3, change: 'major', content_html: '<p>第1条 本規約は全面的に改定されました。</p><p>第2条 新設。</p>' });
    expect(document.agreed).toEqual({ version: 2, content_html: '<p>第1条 本規約は改定されました。</p>' });

    // A version that is no longer current is refused; so is a start without the agreement.
    const stale = await again.call('POST', '/v1/client/agreement', { terms_version: 2 });
    expect(stale.status).toBe(422);
    expect(stale.body.result.errors.terms_version).toEqual([renderMessage('ja-jp', 'terms.version_changed')]);
    expect((await again.call('POST', '/v1/product/start', { product: 'cocoar', kind: 'free', terms_agreed: true })).body.result.errors.terms_agreed)
      .toEqual([renderMessage('ja-jp', 'terms.agreement_required')]);

    const agreed = await again.call('POST', '/v1/client/agreement', { terms_version: 3 });
    expect(agreed.status).toBe(200);
    expect(agreed.body.result).toMatchObject({ required: false, login_required: false, terms: { version: 3, agreed: true } });
    expect((await agreements('terms')).at(-1)).toMatchObject({ version: 3, occasion: 'update', terms_id: v3.body.result.terms.id });
  });

  it('versions the privacy policy\'s text the same way: the first version asks nobody, a major one asks at login', async () => {
    const first = await draft('<p>個人情報の取扱い</p>', 'privacy');
    expect(first.body.result.terms).toMatchObject({ kind: 'privacy', version: 1, status: 'draft' });
    // The first version records no change, whatever the operator marked.
    expect((await operator.call('POST', '/v1/operator/terms/publish', { id: first.body.result.terms.id, change: 'major' })).body.result.terms).toMatchObject({ change: null, current: true });
    expect((await owner.call('GET', '/v1/client/agreement_info')).body.result).toMatchObject({ login_required: false, privacy: { version: 1, has_text: true, pending: null } });

    const second = await draft('<p>個人情報の取扱い（第三者提供を追加）</p>', 'privacy');
    await operator.call('POST', '/v1/operator/terms/publish', { id: second.body.result.terms.id, change: 'major' });
    expect((await owner.call('GET', '/v1/client/agreement_info')).body.result).toMatchObject({ login_required: true, privacy: { version: 2, pending: 'major' } });
    const agreed = await owner.call('POST', '/v1/client/agreement', { privacy_version: 2 });
    expect(agreed.body.result).toMatchObject({ login_required: false, privacy: { version: 2, agreed: true } });
    expect((await agreements('privacy')).at(-1)).toMatchObject({ version: 2, occasion: 'update', terms_id: second.body.result.terms.id });
  });
});
