import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, EU_TEXTS, INTERNAL_ROUTES, euQuestionApplies, nameFieldOrder, productName, renderMessage, type TEmbedForm, type TMessageRef, type TMigration, type TMigrationCheck,
  type TMigrationConfirm, type TPrincipal, type TRegion, type TRegistration, type TRegistrationConfirm, type TShard, type TMigrationStepChecked,
  ZLanguage, type ZEmbedFormFields, type ZEmbedSubmit, type ZMigrationProductStep, type ZRegistrationCheck,
} from '@portal/proto';
import type { z } from 'zod';
import { ask } from '@portal/service-common/ask';
import { hostRegion, requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { recordOperation } from '@portal/service-common/audit';
import { ServiceError } from '@portal/service-common/errors';
import { checkEuAnswer } from '@portal/service-common/eu-rule';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import { CLIENT_CREATOR, type ClientCreator } from './client-creator.port.js';
import { signEmbedToken, verifyEmbedToken } from './embed-token.js';
import { EMBED_FORM_KEY } from './migration.config.js';
import { MigrationRepository, type Migration, type Registration } from './migration.repository.js';
import { emailRefusal, embedSnippet, normaliseOrigins } from './migration.rules.js';
import { PRODUCT_CONNECTION, type ProductConnection } from './product-connection.port.js';
import { publicUrl } from '@portal/service-common/public-url';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { TermsService } from '../terms/terms.service.js';

type TProducts = z.infer<typeof ZMigrationProductStep>;
/** The embedded form's texts (rendered in the visitor's language). */
const EMBED_LABELS = {
  title: 'embed.title', company_name: 'embed.label.company_name', phone: 'embed.label.phone', family_name: 'embed.label.family_name',
  given_name: 'embed.label.given_name', email: 'embed.label.email', submit: 'embed.label.submit', failed: 'embed.label.failed',
  terms_agreed: 'embed.label.terms_agreed', privacy_agreed: 'embed.label.privacy_agreed', read: 'embed.label.read',
} as const;
/** Issue 22: the EU data-protection question's texts (eu-rule.ts), for a form outside Japan. */
const EMBED_EU_LABELS = { eu_question: EU_TEXTS.question, eu_help: EU_TEXTS.help, eu_yes: EU_TEXTS.yes, eu_no: EU_TEXTS.no } as const;

/**
 * Issue 14, slice C: the migration wizard (operator), the partner's registration wizard and the
 * embedded form. Checks write nothing; confirm writes once per idempotency key and then asks the
 * create-client command (CLIENT_CREATOR) for the client.
 */
@Injectable()
export class MigrationService {
  constructor(
    @Inject(MigrationRepository) private readonly repo: MigrationRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(PRODUCT_CONNECTION) private readonly connection: ProductConnection,
    @Inject(CLIENT_CREATOR) private readonly creator: ClientCreator,
    @Inject(EMBED_FORM_KEY) private readonly embedKey: Buffer,
    @Inject(PartnersRepository) private readonly partners: PartnersRepository,
    @Inject(TermsService) private readonly terms: TermsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  // ---- Migration (operator) ----

  async check(input: TMigrationCheck): Promise<TMigrationStepChecked> {
    const shard = hostRegion();
    switch (input.step) {
      case 'licence':
        await this.creator.checkLicence({ region: shard as TRegion, contract_type: input.contract_type, partner_uuid: input.partner_uuid, licence_type: input.licence_type });
        return { ok: true, connections: [] };
      case 'billing': return { ok: true, connections: [] };
      case 'client': await this.emailFree(input.email, null, 'email'); return { ok: true, connections: [] };
      case 'account': await this.existingAccount(shard, input.client_uuid, input.email); return { ok: true, connections: [] };
      case 'products': return { ok: true, connections: await this.connections(input) };
      default: return input satisfies never;
    }
  }

  async confirm(principal: TPrincipal, input: TMigrationConfirm): Promise<TMigration> {
    const shard = hostRegion();
    const earlier = await this.repo.findMigration(shard, principal.account_uuid, input.idempotency_key);
    if (earlier) return migrationView(earlier);
    // Every step again: the wizard's checks may be stale (another tab, a slow operator).
    let companyName: string;
    let ownerEmail: string;
    let clientUuid: string | null = null;
    if (input.variant === 'new') {
      await this.emailFree(input.client.email, null, 'client.email');
      companyName = input.client.company_name;
      ownerEmail = input.client.email;
    } else {
      companyName = await this.existingAccount(shard, input.account.client_uuid, input.account.email, 'account.');
      ownerEmail = input.account.email;
      clientUuid = input.account.client_uuid;
    }
    await this.connections(input.products, 'products.');
    if (input.variant === 'new') {
      await this.creator.checkLicence({ region: shard as TRegion, ...input.licence }, 'licence.');
      // The client first (the command is idempotent by caller and key), then the record of it.
      ({ client_uuid: clientUuid } = await this.creator.create({
        principal, region: shard as TRegion, company_name: input.client.company_name, phone: input.client.phone,
        owner: { family_name: input.client.family_name, given_name: input.client.given_name, email: input.client.email, language: requireContext().language },
        partner_uuid: input.licence.partner_uuid, contract_type: input.licence.contract_type, licence_type: input.licence.licence_type,
        idempotency_key: `migration:${input.idempotency_key}`,
      }));
    }
    const details = input.variant === 'new' ? { licence: input.licence, client: input.client, billing: input.billing } : { account: input.account };
    const { row } = await this.uow.run(shard, async (tx) => {
      const inserted = await this.repo.insertMigration(tx, {
        uuid: randomUUID(), idempotencyKey: input.idempotency_key, requestedBy: principal.account_uuid, variant: input.variant,
        companyName, ownerEmail: ownerEmail.toLowerCase(), details, products: input.products.products, status: 'created', clientUuid,
      });
      // Issue 25: the migration reaches the client's log and the audit log (a new client's creation is `client_created` besides).
      if (inserted.created) {
        await recordOperation(tx, {
          shard, clientUuid, accountUuid: null, operation: 'client_migration_registered',
          detail: { email: ownerEmail.toLowerCase(), after: { products: input.products.products } }, target: { type: 'client', id: clientUuid },
        });
      }
      return inserted;
    });
    return migrationView(row);
  }

  async list(): Promise<{ migrations: TMigration[] }> {
    return { migrations: (await this.repo.listMigrations(hostRegion())).map(migrationView) };
  }

  async clients(q: string): Promise<{ clients: { uuid: string; company_name: string }[] }> {
    return { clients: (await this.repo.searchClients(hostRegion(), q)).map((c) => ({ uuid: c.uuid, company_name: c.companyName })) };
  }

  /**
   * The email must be nobody's (a new client's owner) or `ownClient`'s; else the spec's message on
   * `field`. The public embedded form is a sign-up to its visitor, so it says so in sign-up words
   * (issue 25 item 6), never the migration's "email to migrate".
   */
  private async emailFree(email: string, ownClient: string | null, field: string, wording: 'migration' | 'signup' = 'migration'): Promise<void> {
    const { owner } = await ask(this.transport, INTERNAL_ROUTES.emailOwner, { email });
    const found = emailRefusal(owner, ownClient);
    if (!found) return;
    const refusal: TMessageRef = wording === 'signup' ? { key: 'signup.email_exists' } : found;
    throw new ServiceError(AccessCode.FORM_ERROR, refusal.key, undefined, { [field]: [refusal] });
  }

  private async existingAccount(shard: TShard, clientUuid: string, email: string, prefix = ''): Promise<string> {
    const client = await this.repo.clientName(shard, clientUuid);
    if (!client) throw ServiceError.form({ [`${prefix}client_uuid`]: [{ key: 'migration.client_not_found' }] });
    await this.emailFree(email, clientUuid, `${prefix}email`);
    return client.companyName;
  }

  /** Each product's connection check, side by side; any failure refuses the step and names the products. */
  private async connections(input: TProducts, prefix = ''): Promise<{ product: TProducts['products'][number]['product']; ok: boolean }[]> {
    const results = await Promise.all(input.products.map(async (link) => ({ product: link.product, ok: (await this.connection.check(link.product, link.external_id)).ok })));
    const failed = results.flatMap((r, i) => (r.ok ? [] : [i]));
    if (failed.length) {
      const names = failed.map((i) => productName(results[i]!.product)).join(', ');
      const fields: Record<string, TMessageRef[]> = {};
      for (const i of failed) fields[`${prefix}products.${i}.external_id`] = [{ key: 'migration.connection_failed', params: { products: productName(results[i]!.product) } }];
      throw new ServiceError(AccessCode.FORM_ERROR, 'migration.connection_failed', { products: names }, fields);
    }
    return results;
  }

  // ---- Partner's client registration ----

  async registrationCheck(principal: TPrincipal, input: z.infer<typeof ZRegistrationCheck>): Promise<TMigrationStepChecked> {
    await this.registrationOpen(principal);
    if (input.step === 'account') await this.emailFree(input.email, null, 'email');
    // Issue 22: a partner outside Japan asks the EU data-protection question on the client step.
    if (input.step === 'client') checkEuAnswer(principal.region, input.eu_subject, 'partner_registration');
    return { ok: true, connections: [] };
  }

  async register(principal: TPrincipal, input: TRegistrationConfirm): Promise<TRegistration> {
    await this.registrationOpen(principal);
    return registrationView(await this.registerFor(principal.region, principal, 'wizard', input, 'account.'));
  }

  /**
   * The partner's own registration screen follows the operator's switch like the embedded form:
   * read from the row on every call (no cache), so switching off refuses the next call.
   */
  private async registrationOpen(principal: TPrincipal): Promise<void> {
    const partner = await this.partners.find(this.partnerOf(principal));
    if (!partner?.client_registration || partner.status !== 'active') throw new ServiceError(AccessCode.FORM_ERROR, 'partner.registration_off');
  }

  async registrations(principal: TPrincipal): Promise<{ registrations: TRegistration[] }> {
    return { registrations: (await this.repo.listRegistrations(principal.region, this.partnerOf(principal))).map(registrationView) };
  }

  private partnerOf(principal: TPrincipal): string {
    if (!principal.partner_uuid) throw ServiceError.forbidden();
    return principal.partner_uuid;
  }

  private async registerFor(shard: TShard, principal: TPrincipal, source: 'wizard' | 'embed', input: TRegistrationConfirm, emailPrefix: string): Promise<Registration> {
    const partnerUuid = this.partnerOf(principal);
    // Issue 22: before anything is looked up or written (a "yes" keeps nothing; eu-rule.ts).
    checkEuAnswer(shard, input.client.eu_subject, source === 'embed' ? 'embedded_form' : 'partner_registration', source === 'embed' ? 'eu_subject' : 'client.eu_subject');
    const earlier = await this.repo.findRegistration(shard, partnerUuid, input.idempotency_key);
    if (earlier) return earlier;
    await this.emailFree(input.account.email, null, `${emailPrefix}email`, source === 'embed' ? 'signup' : 'migration');
    const language = requireContext().language;
    // The contract the partner may grant: a referral, unless it grants resale only.
    const grantable = (await this.partners.find(partnerUuid))?.grantable_contracts;
    const contractType = grantable === 'reseller' ? 'reseller' : 'referral';
    // The client first, in the partner's scope (the command is idempotent by partner and key), then the record of it.
    const { client_uuid: clientUuid } = await this.creator.create({
      principal, region: shard as TRegion, company_name: input.client.company_name, phone: input.client.phone,
      owner: { family_name: input.account.family_name, given_name: input.account.given_name, email: input.account.email, language },
      partner_uuid: partnerUuid, contract_type: contractType, licence_type: 'normal', idempotency_key: `registration:${input.idempotency_key}`,
      eu_subject: input.client.eu_subject,
    });
    const { row } = await this.uow.run(shard, (tx) => this.repo.insertRegistration(tx, {
      uuid: randomUUID(), partnerUuid, idempotencyKey: input.idempotency_key, source, companyName: input.client.company_name, phone: input.client.phone,
      familyName: input.account.family_name, givenName: input.account.given_name, email: input.account.email.toLowerCase(), language,
      status: 'created', clientUuid,
    }));
    return row;
  }

  // ---- Embedded form ----

  async embedForm(principal: TPrincipal): Promise<TEmbedForm> {
    return this.formView(principal.region, this.partnerOf(principal));
  }

  /** The origins live on the partner's row (slice B's `form_origins`: the wizard and /partner/settings edit the same list). */
  async embedFormUpdate(principal: TPrincipal, origins: string[]): Promise<TEmbedForm> {
    const partnerUuid = this.partnerOf(principal);
    await this.uow.run('global', async (tx) => {
      await this.partners.setFormOrigins(tx, partnerUuid, normaliseOrigins(origins));
      // Issue 25: in the partner's log (its region), who changed where its form may be embedded.
      await recordOperation(tx, { shard: principal.region, clientUuid: partnerUuid, accountUuid: null, operation: 'embed_form_changed', detail: { count: normaliseOrigins(origins).length }, target: { type: 'partner', id: partnerUuid } });
    });
    return this.formView(principal.region, partnerUuid);
  }

  async operatorEmbedForm(partnerUuid: string): Promise<TEmbedForm> {
    const { partners } = await ask(this.transport, INTERNAL_ROUTES.partnerDirectory, {});
    if (!partners.some((p) => p.uuid === partnerUuid)) throw ServiceError.form({ partner_uuid: [{ key: 'embed.partner_not_found' }] });
    return this.formView(hostRegion(), partnerUuid);
  }

  async operatorEmbedForms(): Promise<{ forms: { partner_uuid: string; partner_name: string; origins: string[] }[] }> {
    const { partners } = await ask(this.transport, INTERNAL_ROUTES.partnerDirectory, {});
    const origins = new Map((await this.partners.formSettings(partners.map((p) => p.uuid))).map((f) => [f.uuid, normaliseOrigins(f.form_origins)]));
    return { forms: partners.map((p) => ({ partner_uuid: p.uuid, partner_name: p.name, origins: origins.get(p.uuid) ?? [] })) };
  }

  /**
   * The partner's current origins (its row) and the token for them. The token version is slice C's
   * (`embed_forms`): the version is raised whenever the origins differ from those it was signed for,
   * wherever they were changed, so the old snippet stops working.
   */
  private async formView(shard: TShard, partnerUuid: string): Promise<TEmbedForm> {
    const partner = await this.partners.find(partnerUuid);
    const origins = normaliseOrigins(partner?.form_origins ?? []);
    const form = origins.length ? await this.uow.run(shard, (tx) => this.repo.setOrigins(tx, partnerUuid, origins)) : null;
    const token = form ? signEmbedToken(this.embedKey, { partnerUuid, region: shard, version: form.tokenVersion }) : null;
    const origin = requireContext().publicOrigin ?? '';
    return { partner_uuid: partnerUuid, origins, token, snippet: token ? embedSnippet(origin, token) : null, client_registration: partner?.client_registration ?? false };
  }

  /**
   * The partner and origins a token stands for, or null (forged, another region's, or outdated:
   * the partner's origins are no longer those the token was signed for).
   */
  private async tokenForm(token: string): Promise<{ partnerUuid: string; shard: TShard; origins: string[]; registration: boolean } | null> {
    const claims = verifyEmbedToken(this.embedKey, token);
    if (!claims || claims.region !== requireContext().region) return null;
    const shard = claims.region as TShard;
    const [form, partner] = await Promise.all([this.repo.embedForm(shard, claims.partnerUuid), this.partners.find(claims.partnerUuid)]);
    const origins = normaliseOrigins(partner?.form_origins ?? []);
    if (!form || !partner || form.tokenVersion !== claims.version || !origins.length || form.origins.join('\n') !== origins.join('\n')) return null;
    return { partnerUuid: claims.partnerUuid, shard, origins, registration: partner.client_registration && partner.status === 'active' };
  }

  /** A valid token whose partner registers clients; else the form's refusal (shown by embed.js). */
  private async openForm(token: string): Promise<{ partnerUuid: string; shard: TShard }> {
    const form = await this.tokenForm(token);
    if (!form) throw ServiceError.form({ token: [{ key: 'embed.token_invalid' }] });
    if (!form.registration) throw new ServiceError(AccessCode.FORM_ERROR, 'embed.registration_off', undefined, { token: [{ key: 'embed.registration_off' }] });
    return form;
  }

  async embedOrigins(token: string): Promise<{ origins: string[] }> {
    return { origins: (await this.tokenForm(token))?.origins ?? [] };
  }

  async embedFields(token: string): Promise<z.infer<typeof ZEmbedFormFields>> {
    await this.openForm(token);
    const language = requireContext().language;
    const [first, second] = nameFieldOrder(hostRegion());
    // Issue 22: a partner outside Japan asks the EU data-protection question too, in the visitor's language.
    const eu = euQuestionApplies(hostRegion());
    const labels = { ...EMBED_LABELS, ...(eu ? EMBED_EU_LABELS : {}) };
    return {
      fields: ['company_name', 'phone', first, second, 'email'],
      labels: Object.fromEntries(Object.entries(labels).map(([name, key]) => [name, renderMessage(language, key)])),
      question: eu ? 'eu_subject' : null,
      // Issue 25 item 6: the terms of use (the portal's public page) and the privacy policy, as at sign-up.
      agreements: [
        { name: 'terms_agreed', url: publicUrl('/terms') },
        { name: 'privacy_agreed', url: (await this.terms.publicTerms(language, hostRegion())).privacy_url },
      ],
    };
  }

  /**
   * Issue 25 item 6: the owner agreed to the terms and the privacy policy on the form; licence keeps
   * the versions current now, as for a sign-up, once per registration (a retried submit adds none).
   */
  private async recordEmbedAgreement(shard: TShard, registration: Registration, idempotencyKey: string): Promise<void> {
    if (!registration.clientUuid) return;
    const { owner } = await ask(this.transport, INTERNAL_ROUTES.emailOwner, { email: registration.email });
    if (!owner?.account_uuid) return;
    await this.terms.recordGiven(shard, {
      client_uuid: registration.clientUuid, account_uuid: owner.account_uuid, language: ZLanguage.parse(registration.language),
      kinds: ['terms', 'privacy'], occasion: 'signup', agreed_at: this.clock.now().toISOString(),
    }, `embed-agreement:${registration.uuid}:${idempotencyKey}`);
  }

  async embedSubmit(input: z.infer<typeof ZEmbedSubmit>): Promise<{ message: string }> {
    const form = await this.openForm(input.token);
    const partnerName = (await this.partners.find(form.partnerUuid))?.name ?? null;
    const registration = await this.registerFor(form.shard, embedPrincipal(form.partnerUuid, form.shard, partnerName), 'embed', {
      idempotency_key: input.idempotency_key,
      account: { family_name: input.family_name, given_name: input.given_name, email: input.email },
      client: { company_name: input.company_name, phone: input.phone, eu_subject: input.eu_subject },
    }, '');
    await this.recordEmbedAgreement(form.shard, registration, input.idempotency_key);
    return { message: renderMessage(requireContext().language, 'embed.submitted') };
  }
}

/**
 * The embedded form acts for its partner without a session: the create-client command sees the
 * partner (its scope), and the operation log names the partner as the actor (docs/decisions.md).
 */
function embedPrincipal(partnerUuid: string, shard: TShard, partnerName: string | null): TPrincipal {
  const region = shard as TRegion;
  return {
    account_uuid: partnerUuid, context: 'partner', client_uuid: null, partner_uuid: partnerUuid, level: 3, contract_type: 'none', proxy: false,
    partner_in_client_area: false, region, language: requireContext().language, home_shard: shard, session_id: 'embedded-form', actor_name: null,
    // Issue 25: the audit trail names the partner company (no person acts: its form does).
    actor: { kind: 'partner', uuid: partnerUuid, family_name: '', given_name: '', organisation: partnerName, organisation_uuid: partnerUuid, behind: null },
  };
}

function migrationView(m: Migration): TMigration {
  const products = (m.products as { product: TMigration['products'][number] }[]).map((p) => p.product);
  return {
    uuid: m.uuid, variant: m.variant as TMigration['variant'], company_name: m.companyName, products,
    status: m.status as TMigration['status'], client_uuid: m.clientUuid, created_at: m.createdAt.toISOString(),
  };
}

function registrationView(r: Registration): TRegistration {
  return {
    uuid: r.uuid, source: r.source as TRegistration['source'], company_name: r.companyName, family_name: r.familyName, given_name: r.givenName,
    status: r.status as TRegistration['status'], client_uuid: r.clientUuid, created_at: r.createdAt.toISOString(),
  };
}
